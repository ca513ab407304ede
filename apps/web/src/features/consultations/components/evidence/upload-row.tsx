import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { Progress } from '../../../../components/ui/progress';
import { formatFileSize } from './evidence-labels';
import { UploadTile } from './file-tile';
import type { UploadItem } from './upload-queue';

/** A file being sent: its progress and a way to cancel it, or why the server refused it. */
export function UploadRow({ item, onRemove }: { item: UploadItem; onRemove: () => void }) {
  const hasFailed = item.state === 'failed';
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line px-3 py-2.5" data-testid="evidence-upload">
      <UploadTile hasFailed={hasFailed} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm font-medium" title={item.fileName}>
          {item.fileName}
        </span>
        {hasFailed ? (
          <p className="text-xs text-danger" role="alert">
            Não enviado: {item.error}
          </p>
        ) : (
          <>
            <span className="text-xs text-muted tabular-nums">{uploadStateText(item)}</span>
            <Progress value={item.progress} label={`Envio de ${item.fileName}`} />
          </>
        )}
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={onRemove}
        aria-label={hasFailed ? `Dispensar ${item.fileName}` : `Cancelar envio de ${item.fileName}`}
        title={hasFailed ? 'Dispensar' : 'Cancelar envio'}
      >
        <Icon name="x" className="size-4" />
      </Button>
    </li>
  );
}

/** Sent in full, a file is still being stored and checked by the server before it joins the list. */
function uploadStateText(item: UploadItem): string {
  const size = formatFileSize(item.size);
  if (item.state === 'waiting') return `Aguardando envio · ${size}`;
  return item.progress >= 100 ? 'Salvando no servidor…' : `${Math.round(item.progress)}% de ${size}`;
}
