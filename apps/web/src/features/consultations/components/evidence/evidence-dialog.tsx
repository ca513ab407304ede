import { buttonClasses, Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { Icon } from '../../../../components/ui/icon';
import { formatDateTime } from '../../../../lib/format';
import { useEvidence } from '../../api/evidences';
import { EvidenceCorrectionNotice } from './evidence-correction-notice';
import { EvidencePreview } from './evidence-preview';
import { downloadUrl, fileTypeLabel, formatFileSize, statusBadge } from './evidence-labels';
import { EvidenceText } from './evidence-text';
import { ReadingReviewNotice } from './reading-review-notice';

interface EvidenceDialogProps {
  consultationId: string;
  evidenceId: string;
  fileName: string;
  /** The consultation is not concluded: the file can be deleted and the text read from it corrected. */
  isEditable: boolean;
  onDelete: () => void;
  onClose: () => void;
}

/** One evidence opened: its image (a PDF's first page), the text read from it (to correct), its original. */
export function EvidenceDialog({
  consultationId,
  evidenceId,
  fileName,
  isEditable,
  onDelete,
  onClose,
}: EvidenceDialogProps) {
  const query = useEvidence(consultationId, evidenceId);
  const evidence = query.data;
  const description = evidence
    ? [
        fileTypeLabel(evidence.content_type),
        evidence.size !== null && formatFileSize(evidence.size),
        `adicionado em ${formatDateTime(evidence.created_at)}`,
        statusBadge(evidence.status).label,
      ]
        .filter(Boolean)
        .join(' · ')
    : undefined;

  return (
    <DialogShell
      title={fileName}
      description={description}
      size="lg"
      initialFocus="content"
      onClose={onClose}
      footer={
        evidence && (
          <>
            {isEditable && (
              <Button variant="ghost" className="mr-auto text-danger" onClick={onDelete}>
                <Icon name="trash" className="size-4" /> Excluir
              </Button>
            )}
            {evidence.download_url && (
              <>
                <a
                  href={evidence.download_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('secondary')}
                >
                  <Icon name="external-link" className="size-4" /> Abrir original
                </a>
                <a href={downloadUrl(evidence.download_url)} className={buttonClasses('primary')}>
                  <Icon name="download" className="size-4" /> Baixar
                </a>
              </>
            )}
          </>
        )
      }
    >
      {query.isPending && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Icon name="loader-circle" className="size-4 animate-spin" /> Carregando…
        </p>
      )}
      {query.isError && <p className="text-sm text-danger">Não foi possível abrir este arquivo. Tente novamente.</p>}
      {evidence && (
        <div className="flex flex-col gap-5">
          <EvidencePreview
            fileName={fileName}
            variants={evidence.variants}
            isPdf={evidence.content_type === 'application/pdf'}
          />
          <section aria-labelledby="evidence-text-title">
            <h3 id="evidence-text-title" className="mb-2 text-sm font-semibold">
              Texto lido do arquivo
            </h3>
            <EvidenceCorrectionNotice evidence={evidence} />
            <ReadingReviewNotice evidence={evidence} />
            <EvidenceText consultationId={consultationId} evidence={evidence} canCorrect={isEditable} />
          </section>
        </div>
      )}
    </DialogShell>
  );
}
