import { cn } from '../../../lib/cn';

interface PublishSwitchProps {
  name: string;
  isPublished: boolean;
  isPending: boolean;
  onChange: (publish: boolean) => void;
}

/** Publishes or unpublishes a template: a switch that says its state in words. */
export function PublishSwitch({ name, isPublished, isPending, onChange }: PublishSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isPublished}
      aria-label={`Publicar ${name}`}
      aria-busy={isPending || undefined}
      disabled={isPending}
      onClick={() => onChange(!isPublished)}
      className="inline-flex items-center gap-2 rounded-lg px-1.5 py-1 text-sm font-medium hover:bg-subtle disabled:opacity-60"
    >
      <span
        aria-hidden
        className={cn(
          'relative h-5 w-9 shrink-0 rounded-full transition-colors',
          isPublished ? 'bg-success' : 'bg-line',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
            isPublished && 'translate-x-4',
          )}
        />
      </span>
      <span className={isPublished ? 'text-success' : 'text-muted'}>{isPublished ? 'Publicado' : 'Não publicado'}</span>
    </button>
  );
}
