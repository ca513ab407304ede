import type { TConsultation, TDocumentSummary } from '@escriba/contract';
import { useId } from 'react';
import { Icon } from '../../../../components/ui/icon';
import { formatDateTime } from '../../../../lib/format';
import { cn } from '../../../../lib/cn';
import { DOCUMENT_KIND_CHOICES } from './document-kinds';
import type { LiveParts } from './document-live';
import { DocumentDetail, type RetryDocument } from './document-detail';
import { DocumentStatus } from './document-status';

interface DocumentItemProps {
  consultation: TConsultation;
  document: TDocumentSummary;
  liveParts: LiveParts | undefined;
  isOpen: boolean;
  onToggle: () => void;
  /** An open consultation: documents can be edited, deleted and asked for again. */
  canChange: boolean;
  onRetry: RetryDocument;
}

/** One document of the visit in the list: its kind, when it was asked for and its status; opened, the document. */
export function DocumentItem({
  consultation,
  document,
  liveParts,
  isOpen,
  onToggle,
  canChange,
  onRetry,
}: DocumentItemProps) {
  const detailId = useId();
  return (
    <li
      className={cn('rounded-xl border border-line bg-surface', isOpen && 'border-accent-500/50 shadow-sm')}
      data-testid="document"
      data-kind={document.kind}
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={detailId}
        onClick={onToggle}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-3.5 py-3 text-left hover:bg-subtle/60"
      >
        <Icon name={DOCUMENT_KIND_CHOICES[document.kind].icon} className="size-5 shrink-0 text-accent-600" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{document.title}</span>
          <span className="block text-xs text-muted">{formatDateTime(document.created_at)}</span>
        </span>
        <DocumentStatus document={document} />
        <Icon name={isOpen ? 'chevron-up' : 'chevron-down'} className="size-4 shrink-0 text-muted" />
      </button>
      {isOpen && (
        <div id={detailId} className="border-t border-line px-3.5 pt-3 pb-3.5">
          <DocumentDetail
            consultation={consultation}
            summary={document}
            liveParts={liveParts}
            canChange={canChange}
            onRetry={onRetry}
          />
        </div>
      )}
    </li>
  );
}
