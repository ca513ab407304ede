import type { TAnamnesisVersion } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { overlays, type OverlayProps } from '../../../../lib/overlays';
import { saveAnamnesisEdits } from '../../api/anamnesis';
import { unverifiedStatements } from './note-state';
import { storeSavedVersion } from './use-note-edits';

/** What the professional chose: go on with the action (nothing left to confirm), or edit a field. */
export type StatementReview = { type: 'proceed' } | { type: 'edit'; fieldId: string } | undefined;

interface StatementReviewProps {
  consultationId: string;
  note: TAnamnesisVersion;
  /** The action waiting for the review: "Copiar tudo", "Imprimir", "Abrir PDF", "Assinar PDF". */
  actionLabel: string;
  /** Why she cannot confirm now (a concluded consultation, edits not saved); undefined when she can. */
  blocked?: string;
}

function StatementReviewDialog({
  consultationId,
  note,
  actionLabel,
  blocked,
  close,
}: StatementReviewProps & OverlayProps<StatementReview>) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(note);
  const [confirming, setConfirming] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const pending = unverifiedStatements(current.fields);

  const confirm = async (fieldId: string, index: number) => {
    setConfirming(`${fieldId}:${index}`);
    setProblem(undefined);
    try {
      const saved = await saveAnamnesisEdits(consultationId, {
        base_version: current.version,
        confirmations: [{ field_id: fieldId, index }],
      });
      storeSavedVersion(queryClient, consultationId, saved);
      setCurrent(saved);
    } catch (error) {
      const { status, message } = readApiError(error);
      setProblem(
        status === 409 ? 'A nota mudou em outra aba. Feche esta janela e revise a versão mais nova.' : message,
      );
    } finally {
      setConfirming(undefined);
    }
  };

  return (
    <DialogShell
      title="Revise antes de continuar"
      description={
        pending.length > 0
          ? `O assistente escreveu ${pending.length === 1 ? 'uma frase que não foi encontrada' : `${pending.length} frases que não foram encontradas`} nas fontes citadas. Confirme cada uma como está ou edite o campo.`
          : 'Todas as frases foram confirmadas ou editadas.'
      }
      size="lg"
      onClose={() => close(undefined)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(undefined)}>
            Voltar
          </Button>
          <Button disabled={pending.length > 0} onClick={() => close({ type: 'proceed' })}>
            {actionLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {blocked && <Alert tone="info">{blocked}</Alert>}
        {problem && <Alert tone="error">{problem}</Alert>}
        {pending.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <Icon name="circle-check" className="size-4" /> Tudo revisado: a nota pode sair.
          </p>
        ) : (
          <ul className="flex flex-col gap-2.5" aria-label="Frases não confirmadas nas fontes">
            {pending.map(({ fieldId, title, index, statement }) => (
              <li
                key={`${fieldId}:${index}`}
                className="flex flex-col gap-1.5 rounded-lg border border-danger/30 bg-danger/5 p-3"
                data-testid="statement-to-review"
              >
                <span className="text-xs font-semibold text-muted">{title}</span>
                <p className="text-[15px]">“{statement.text}”</p>
                <p className="text-xs text-danger">{statement.reason}</p>
                <div className="flex flex-wrap gap-2 pt-1">
                  <Button
                    size="sm"
                    disabled={Boolean(blocked) || (confirming !== undefined && confirming !== `${fieldId}:${index}`)}
                    isLoading={confirming === `${fieldId}:${index}`}
                    onClick={() => void confirm(fieldId, index)}
                  >
                    <Icon name="circle-check" className="size-4" /> Confirmar
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={Boolean(blocked) || confirming !== undefined}
                    onClick={() => close({ type: 'edit', fieldId })}
                  >
                    <Icon name="pencil" className="size-4" /> Editar
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted">
          Ao confirmar, você atesta a frase como está; a confirmação fica registrada na proveniência da nota com seu
          nome e a hora.
        </p>
      </div>
    </DialogShell>
  );
}

overlays.register('statement-review', StatementReviewDialog);

/** Asks the professional to confirm or edit the statements not found in their sources before `actionLabel`. */
export function reviewStatements(props: StatementReviewProps): Promise<StatementReview> {
  return overlays.open<StatementReview>('statement-review', { ...props });
}
