import { isUnverified, type TDocument } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { overlays, type OverlayProps } from '../../../../lib/overlays';
import { documentQueryOptions, documentsQueryOptions, saveDocument } from '../../api/documents';
import { UnverifiedStatements } from '../anamnesis/statement-marks';
import { partTitle } from './document-labels';

/** What the professional chose: go on with the action (reviewed), or edit the document. */
export type DocumentReview = 'proceed' | 'edit' | undefined;

interface DocumentReviewProps {
  consultationId: string;
  document: TDocument;
  /** What waits for the review, as a verb: "copiar", "imprimir", "abrir o PDF", "assinar". */
  action: string;
  /** Why she cannot review now (a concluded consultation); undefined when she can. */
  blocked?: string;
}

/** The parts with statements the check could not find in their sources, in the document's order. */
export const unverifiedParts = (document: TDocument) =>
  Object.entries(document.statements).filter(([, statements]) => statements.some(isUnverified));

/** Whether the document may leave the page as it is: she reviewed it and nothing is left unverified. */
export const isReviewed = (document: TDocument) =>
  Boolean(document.provenance.reviewed) && unverifiedParts(document).length === 0;

function DocumentReviewDialog({
  consultationId,
  document,
  action,
  blocked,
  close,
}: DocumentReviewProps & OverlayProps<DocumentReview>) {
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const pending = unverifiedParts(document);
  const count = pending.flatMap(([, statements]) => statements.filter(isUnverified)).length;

  // Every confirmation and the review in one PUT: one new version, whatever the number of sentences.
  const confirm = async () => {
    setIsSaving(true);
    setProblem(undefined);
    try {
      const confirmations = pending.flatMap(([part, statements]) =>
        statements.flatMap((statement, index) => (isUnverified(statement) ? [{ part, index }] : [])),
      );
      const saved = await saveDocument(consultationId, document.id, {
        base_version: document.version,
        confirmations,
        reviewed: true,
      });
      queryClient.setQueryData(documentQueryOptions(consultationId, document.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(consultationId).queryKey });
      close('proceed');
    } catch (error) {
      const { status, message } = readApiError(error);
      setProblem(
        status === 409 ? 'O documento mudou em outra aba. Feche esta janela e revise a versão mais nova.' : message,
      );
    } finally {
      setIsSaving(false);
    }
  };

  const sentences = count === 1 ? 'a frase' : `as ${count} frases`;
  return (
    <DialogShell
      title="Revise antes de continuar"
      description={
        count > 0
          ? `O assistente escreveu ${count === 1 ? 'uma frase que não foi encontrada' : `${count} frases que não foram encontradas`} nas fontes citadas. ${count === 1 ? 'Confirme-a como está' : 'Confirme-as como estão'} ou edite o documento.`
          : 'Nenhuma frase ficou sem fonte. Confirme que você leu o documento: só então o rodapé diz que ele foi revisado por você.'
      }
      size="lg"
      onClose={() => close(undefined)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(undefined)}>
            Voltar
          </Button>
          {count > 0 && (
            <Button variant="secondary" disabled={Boolean(blocked) || isSaving} onClick={() => close('edit')}>
              <Icon name="pencil" className="size-4" /> Editar
            </Button>
          )}
          <Button disabled={Boolean(blocked)} isLoading={isSaving} onClick={() => void confirm()}>
            <Icon name="circle-check" className="size-4" />
            {count > 0 ? `Confirmar ${sentences} e ${action}` : `Revisei: ${action}`}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {blocked && <Alert tone="info">{blocked}</Alert>}
        {problem && <Alert tone="error">{problem}</Alert>}
        {pending.map(([part, statements]) => {
          const title = partTitle(document.kind, part);
          return (
            <div key={part} className="flex flex-col gap-1.5" data-testid="part-to-review">
              <span className="text-xs font-semibold text-muted">{title}</span>
              <UnverifiedStatements
                fieldId={`${document.id}/${part.replaceAll('.', '/')}`}
                title={title}
                statements={statements}
              />
            </div>
          );
        })}
        <p className="text-xs text-muted">
          Ao confirmar, você atesta o documento como está; a revisão fica registrada na proveniência com seu nome e a
          hora.
        </p>
      </div>
    </DialogShell>
  );
}

overlays.register('document-review', DocumentReviewDialog);

/** Asks the professional to confirm (or edit) the document's unverified statements and to review it before `action`. */
export function reviewDocument(props: DocumentReviewProps): Promise<DocumentReview> {
  return overlays.open<DocumentReview>('document-review', { ...props });
}
