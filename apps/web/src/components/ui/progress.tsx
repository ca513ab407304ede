import { cn } from '../../lib/cn';
import { clampProgress } from '../../lib/progress';

interface ProgressProps {
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
}

export function Progress({ value, label, className, barClassName }: ProgressProps) {
  const percent = clampProgress(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-subtle', className)}
    >
      <div
        className={cn('h-full rounded-full bg-accent-500 transition-all', barClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
