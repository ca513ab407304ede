import { Icon } from '../../../components/ui/icon';

/** Where the recorder will sit (record button, timer, level meter): shown, not yet working. */
export function RecorderPlaceholder() {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-dashed border-line bg-subtle/60 px-4 py-3">
      <button
        type="button"
        disabled
        aria-label="Gravar (disponível em breve)"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-danger/15 text-danger disabled:cursor-not-allowed"
      >
        <Icon name="mic" className="size-6" />
      </button>
      <div className="min-w-0">
        <p className="font-mono text-lg font-semibold tabular-nums text-muted">00:00</p>
        <p className="text-sm text-muted">A gravação com transcrição ao vivo chega em breve.</p>
      </div>
    </div>
  );
}
