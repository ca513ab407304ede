import { cn } from '../../lib/cn';

interface SwitchProps {
  /** What the switch turns on, for screen readers ("Publicar Clínica geral"). */
  label: string;
  isOn: boolean;
  isPending?: boolean;
  /** Its state in words beside it: the colour never speaks alone. */
  stateLabels: { on: string; off: string };
  onChange: (isOn: boolean) => void;
}

/** An on/off switch that says its state in words. */
export function Switch({ label, isOn, isPending = false, stateLabels, onChange }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-label={label}
      aria-busy={isPending || undefined}
      disabled={isPending}
      onClick={() => onChange(!isOn)}
      className="inline-flex items-center gap-2 rounded-lg px-1.5 py-1 text-sm font-medium hover:bg-subtle disabled:opacity-60"
    >
      <span
        aria-hidden
        className={cn('relative h-5 w-9 shrink-0 rounded-full transition-colors', isOn ? 'bg-success' : 'bg-line')}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
            isOn && 'translate-x-4',
          )}
        />
      </span>
      <span className={isOn ? 'text-success' : 'text-muted'}>{isOn ? stateLabels.on : stateLabels.off}</span>
    </button>
  );
}
