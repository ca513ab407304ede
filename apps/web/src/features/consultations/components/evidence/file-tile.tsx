import { Icon } from '../../../../components/ui/icon';
import { cn } from '../../../../lib/cn';
import { fileTypeLabel } from './evidence-labels';

const TILE = 'flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line';

/** An evidence's face in a list: its thumbnail once the server made one, otherwise its type ("PDF", "DOCX"). */
export function FileTile({ contentType, thumbnailUrl }: { contentType: string | null; thumbnailUrl?: string | null }) {
  if (thumbnailUrl) {
    return (
      <span className={cn(TILE, 'bg-subtle')}>
        <img src={thumbnailUrl} alt="" className="size-full object-cover" data-testid="evidence-thumbnail" />
      </span>
    );
  }
  const label = fileTypeLabel(contentType);
  return (
    <span
      className={cn(
        TILE,
        'text-[10px] font-bold tracking-wide',
        label === 'PDF' ? 'bg-danger/10 text-danger' : 'bg-accent-50 text-accent-ink dark:bg-accent-500/15',
      )}
      aria-hidden
    >
      {label}
    </span>
  );
}

/** A file still on its way up: its type is not known until the server reads its content. */
export function UploadTile({ hasFailed }: { hasFailed: boolean }) {
  return (
    <span className={cn(TILE, hasFailed ? 'bg-danger/10 text-danger' : 'bg-subtle text-muted')} aria-hidden>
      <Icon name={hasFailed ? 'cloud-alert' : 'cloud-upload'} className="size-5" />
    </span>
  );
}
