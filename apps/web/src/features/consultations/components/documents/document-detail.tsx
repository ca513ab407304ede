import type {
  TConsultation,
  TDocument,
  TDocumentGenerationBody,
  TDocumentKind,
  TDocumentSummary,
} from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDeleteButton } from '../../../../components/ui/confirm-delete-button';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { documentPdfUrl, signDocumentPdf } from '../../api/document-pdf';
import { documentQueryOptions, useDeleteDocument, useDocument } from '../../api/documents';
import { useRefreshIssued } from '../../api/issued-documents';
import { letterheadText } from '../anamnesis/plain-text';
import { useNoteLetterhead } from '../anamnesis/use-note-letterhead';
import { copyToClipboard } from '../clipboard';
import { GenerationFailedAlert } from '../generation/generation-failed-alert';
import { issueAndDownload } from '../issue-pdf';
import { IssuedAddresses } from '../issued-addresses';
import { PdfActions } from '../pdf-actions';
import { printSheet } from '../print-sheet';
import { fileDate, signPdf } from '../sign-pdf-dialog';
import { useSourceHighlight } from '../sources/source-highlight';
import { DocumentBody } from './document-body';
import { isReviewed, reviewDocument } from './document-review-dialog';
import { DocumentSignature } from './document-signature';
import type { LiveParts } from './document-live';
import { documentPlainText, type KindAndContent } from './document-text';
import { PartStatementsProvider } from './part-statements';
import { documentPrintId, PrintableDocument } from './printable-document';
import { useDocumentEdit } from './use-document-edit';

/** Asks for a document again (after a failed generation), as it was asked the first time. */
export type RetryDocument = (kind: TDocumentKind, body: TDocumentGenerationBody) => void;

interface DocumentDetailProps {
  consultation: TConsultation;
  summary: TDocumentSummary;
  liveParts: LiveParts | undefined;
  canChange: boolean;
  onRetry: RetryDocument;
}

/** The request a document was made from, as a new POST body. */
function requestBody({ kind, request }: TDocument): TDocumentGenerationBody {
  return {
    ...(request.instructions ? { instructions: request.instructions } : {}),
    ...(kind === 'atestado' ? { include_cid: request.include_cid } : {}),
    ...(kind === 'atestado' && request.days !== null ? { days: request.days } : {}),
  };
}

/** The stored content with its kind, once there is one. */
const readyContent = (document: TDocument) =>
  document.content ? ({ kind: document.kind, content: document.content } as KindAndContent) : undefined;

const time = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/**
 * An opened document: filling in while it is written, then laid out by its kind with each part's "Fontes"; copied as
 * plain text, printed, edited as a whole into a new version, deleted after confirming.
 */
export function DocumentDetail({ consultation, summary, liveParts, canChange, onRetry }: DocumentDetailProps) {
  const query = useDocument(consultation.id, summary.id);
  const document = query.data;
  const edit = useDocumentEdit(consultation.id, document);
  const remove = useDeleteDocument(consultation.id);
  const letterhead = useNoteLetterhead(consultation);
  const { highlight, clear } = useSourceHighlight();
  const queryClient = useQueryClient();
  const refreshIssued = useRefreshIssued(consultation.id);

  if (!document) {
    return query.isError ? (
      <Alert tone="error">Não foi possível abrir o documento. {readApiError(query.error).message}</Alert>
    ) : (
      <p role="status" className="text-sm text-muted">
        Abrindo o documento…
      </p>
    );
  }

  const deleteButton = canChange && document.status !== 'generating' && (
    <ConfirmDeleteButton
      variant="ghost"
      className="text-danger"
      confirmation={{
        title: `Excluir ${document.title.toLowerCase()}?`,
        description: 'O documento e todas as versões dele serão excluídos definitivamente.',
      }}
      isDeleting={remove.isPending}
      onConfirm={() =>
        remove.mutate(document.id, {
          onSuccess: () => toasts.add({ title: 'Documento excluído', description: document.title, color: 'success' }),
          onError: (error) =>
            toasts.add({
              title: 'Não foi possível excluir',
              description: readApiError(error).message,
              color: 'error',
            }),
        })
      }
    >
      Excluir
    </ConfirmDeleteButton>
  );

  if (document.status === 'failed') {
    return (
      <div data-testid="document-detail">
        <GenerationFailedAlert
          title={`${document.title}: o documento não foi gerado`}
          failure={document.failure ?? 'O assistente não conseguiu terminar o documento.'}
          onRetry={() => onRetry(document.kind, requestBody(document))}
          canRetry={canChange}
        >
          {deleteButton}
        </GenerationFailedAlert>
      </div>
    );
  }

  const ready = readyContent(document);
  const [latest] = document.versions;
  const prescription = document.kind === 'receita' ? document.prescription : null;
  const startEditing = () => {
    if (highlight?.fieldId.startsWith(`${document.id}/`)) clear();
    edit.open();
  };
  // Nothing leaves the page (copy, print, PDF, signature) before her review: the note's rule, one PUT for it all.
  const afterReview = async (action: string, run: () => void) => {
    if (isReviewed(document)) return run();
    const review = await reviewDocument({
      consultationId: consultation.id,
      document,
      action,
      blocked: canChange ? undefined : 'Reabra a consulta para revisar este documento antes que ele saia da página.',
    });
    if (review === 'proceed') run();
    if (review === 'edit') startEditing();
  };
  const sign = () =>
    void signPdf({
      title: `Assinar ${document.title.toLowerCase()}`,
      description: 'O documento atual em PDF, assinado com o seu certificado digital.',
      fileName: `${document.kind}-assinado-${fileDate()}.pdf`,
      sign: (signWith) => signDocumentPdf(consultation.id, document.id, signWith),
    }).then(() =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentQueryOptions(consultation.id, document.id).queryKey }),
        refreshIssued(),
      ]),
    );
  const issue = () =>
    void issueAndDownload(
      `/user/consultations/${consultation.id}/documents/${document.id}/pdf/issued`,
      `${document.kind}-${fileDate()}.pdf`,
      () => void refreshIssued(),
    );

  return (
    <div className="@container flex flex-col gap-3" data-testid="document-detail">
      {document.status === 'generating' && (
        <p role="status" className="text-sm text-muted">
          O assistente está escrevendo: cada parte aparece assim que fica pronta.
        </p>
      )}
      {edit.hasConflict && (
        <Alert tone="warning">
          <p className="font-semibold">O documento foi alterado em outra aba</p>
          <p>Outra aba salvou uma versão mais nova antes de você. Suas alterações continuam aqui, sem ser salvas.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void edit.keepOverNewer()}>
              Manter minhas alterações sobre a versão mais nova
            </Button>
            <Button size="sm" variant="ghost" onClick={edit.discard}>
              Descartar minhas alterações
            </Button>
          </div>
        </Alert>
      )}
      {ready && latest && !edit.isEditing && (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={!letterhead}
            onClick={() =>
              letterhead &&
              void afterReview(
                'copiar',
                () =>
                  void copyToClipboard(
                    letterheadText(letterhead, documentPlainText(document.title, ready)),
                    document.title,
                  ),
              )
            }
          >
            <Icon name="copy" className="size-4" /> Copiar
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!letterhead}
            onClick={() => void afterReview('imprimir', () => printSheet(documentPrintId(document.id)))}
          >
            <Icon name="printer" className="size-4" /> Imprimir
          </Button>
          <PdfActions
            href={documentPdfUrl(consultation.id, document.id)}
            onOpen={
              isReviewed(document)
                ? undefined
                : () =>
                    void afterReview('abrir o PDF', () =>
                      window.open(documentPdfUrl(consultation.id, document.id), '_blank', 'noopener,noreferrer'),
                    )
            }
            onIssue={() => void afterReview('emitir', issue)}
            onSign={() => void afterReview('assinar', sign)}
            isOnlyOpened={prescription?.type === 'notificacao'}
          />
          {canChange && (
            <Button size="sm" variant="secondary" onClick={startEditing}>
              <Icon name="pencil" className="size-4" /> Editar
            </Button>
          )}
          {deleteButton}
          <span className="ml-auto text-xs text-muted">
            Versão {latest.version} · {latest.kind === 'edit' ? 'editada por você' : 'escrita pelo assistente'} ·{' '}
            {time.format(new Date(latest.finished_at ?? latest.created_at))}
          </span>
        </div>
      )}
      {ready && latest && !edit.isEditing && document.signatures[0] && (
        <DocumentSignature signature={document.signatures[0]} latestVersion={latest.version} />
      )}
      {ready && !edit.isEditing && (
        <IssuedAddresses consultationId={consultation.id} of={{ documentId: document.id }} />
      )}
      {document.request.instructions && (
        <p className="text-xs text-muted">Seu pedido: “{document.request.instructions}”</p>
      )}
      <PartStatementsProvider documentId={document.id} statements={ready ? document.statements : undefined}>
        <DocumentBody
          kind={document.kind}
          documentId={document.id}
          content={edit.content ?? document.content ?? liveParts ?? {}}
          includeCid={document.request.include_cid}
          prescription={prescription}
          isEditing={edit.isEditing}
          onChange={edit.change}
        />
      </PartStatementsProvider>
      {edit.isEditing && (
        <div className="sticky bottom-0 -mx-3.5 -mb-3.5 flex flex-wrap items-center gap-2 rounded-b-xl border-t border-line bg-surface px-3.5 py-3">
          <Button size="sm" onClick={() => void edit.save()} isLoading={edit.isSaving}>
            Salvar nova versão
          </Button>
          <Button size="sm" variant="ghost" onClick={edit.cancel} disabled={edit.isSaving}>
            Cancelar
          </Button>
          <span className="text-xs text-muted">A versão anterior continua guardada.</span>
        </div>
      )}
      {ready && (
        <PrintableDocument
          consultation={consultation}
          documentId={document.id}
          title={document.title}
          document={ready}
        />
      )}
    </div>
  );
}
