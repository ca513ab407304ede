import type { TEvidence } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { cn } from '../../../../lib/cn';
import { SOURCE_HIGHLIGHT_CLASSES, useHighlightedEvidence } from '../sources/source-highlight';
import { evidenceSourceNote } from '../sources/source-labels';
import { fileTypeLabel, formatFileSize, statusBadge, unsureShareLabel } from './evidence-labels';
import { FileTile } from './file-tile';

interface EvidenceRowProps {
  evidence: TEvidence;
  canDelete: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

/** One added file: thumbnail or type, name, size and reading state; opens its text, or is deleted. */
export function EvidenceRow({ evidence, canDelete, onOpen, onDelete }: EvidenceRowProps) {
  const name = evidence.file_name ?? 'Arquivo';
  const badge = statusBadge(evidence.status);
  const isBusy = evidence.status === 'pending' || evidence.status === 'reading';
  // Marked while it is a source of the anamnesis field whose "Fontes" are shown; not scrolled to: the
  // transcript's segments are, and two smooth scrolls at once would cancel each other.
  const source = useHighlightedEvidence(evidence.id);
  return (
    <li
      className={cn(
        'flex items-center gap-1 rounded-xl border border-line pr-1 hover:bg-subtle/60',
        source && SOURCE_HIGHLIGHT_CLASSES,
      )}
      data-testid="evidence-row"
      data-source={source ? true : undefined}
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl px-3 py-2.5 text-left"
      >
        <FileTile contentType={evidence.content_type} thumbnailUrl={evidence.thumbnail_url} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="truncate text-sm font-medium" title={name}>
            {name}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
            {fileTypeLabel(evidence.content_type)}
            {evidence.size !== null && ` · ${formatFileSize(evidence.size)}`}
            <Badge tone={badge.tone} hasDot={isBusy} className={isBusy ? 'animate-pulse' : undefined}>
              <span data-testid="evidence-status">{badge.label}</span>
            </Badge>
            <ReadingReviewBadges evidence={evidence} />
          </span>
          {evidence.status === 'unreadable' && evidence.reason && (
            <span className="text-xs text-danger">{evidence.reason}</span>
          )}
          {source && (
            <span className="text-xs font-medium text-amber-900 dark:text-amber-200">
              {evidenceSourceNote(source.fieldTitle, source.pages)}
            </span>
          )}
        </span>
      </button>
      {canDelete && (
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-muted hover:text-danger"
          onClick={onDelete}
          aria-label={`Excluir ${name}`}
          title="Excluir"
        >
          <Icon name="trash" className="size-4" />
        </Button>
      )}
    </li>
  );
}

/** An unsure reading ("Leitura incerta") and a reason to look at the image ("Conferir imagem"). */
function ReadingReviewBadges({ evidence }: { evidence: TEvidence }) {
  if (evidence.status !== 'ready') return null;
  return (
    <>
      {evidence.low_confidence && (
        <span title={`${unsureShareLabel(evidence.unsure_share)} lidas com pouca confiança`}>
          <Badge tone="warning">
            <Icon name="triangle-alert" className="size-3" />
            <span data-testid="evidence-low-confidence">Leitura incerta</span>
          </Badge>
        </span>
      )}
      {evidence.image_warnings.length > 0 && (
        <Badge tone="warning">
          <Icon name="eye" className="size-3" />
          Conferir imagem
        </Badge>
      )}
    </>
  );
}
