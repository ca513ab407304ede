import { useRef } from 'react';
import { Icon } from '../../../../components/ui/icon';
import { cn } from '../../../../lib/cn';

/** What the file picker offers; the server decides by content and says when a file is not accepted. */
const ACCEPT = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  '.heic',
  '.heif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.docx',
  'text/plain',
  '.txt',
].join(',');

/** "Adicionar arquivos": a button that opens the picker and a target for files dragged onto the pane. */
export function DropZone({ isDragging, onFiles }: { isDragging: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-describedby="evidence-drop-hint"
        className={cn(
          'flex w-full flex-col items-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors',
          isDragging
            ? 'border-accent-500 bg-accent-50 dark:bg-accent-500/15'
            : 'border-line hover:border-accent-500 hover:bg-subtle',
        )}
      >
        <Icon name="cloud-upload" className="size-6 text-accent-600" />
        <span className="text-sm font-semibold text-accent-ink">
          {isDragging ? 'Solte os arquivos aqui' : 'Adicionar arquivos'}
        </span>
        <span id="evidence-drop-hint" className="text-xs text-muted">
          Arraste para cá ou clique para escolher. PDF, imagens (JPG, PNG, WebP, HEIC), Word (DOCX) ou texto.
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="hidden"
        data-testid="evidence-file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file picked again (after a failure) must fire a new change.
          event.target.value = '';
        }}
      />
    </>
  );
}
