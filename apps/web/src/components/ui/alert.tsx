import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { IconName } from '../../lib/icon-names';
import { Icon } from './icon';

const TONES = {
  error: { classes: 'border-danger/30 bg-danger/5 text-danger', icon: 'circle-alert' },
  success: { classes: 'border-success/30 bg-success/5 text-success', icon: 'circle-check' },
  warning: { classes: 'border-warning/30 bg-warning/5 text-warning', icon: 'triangle-alert' },
  info: { classes: 'border-accent-500/30 bg-accent-50 text-accent-ink dark:bg-accent-500/10', icon: 'info' },
} satisfies Record<string, { classes: string; icon: IconName }>;

interface AlertProps {
  tone: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}

export function Alert({ tone, children, className }: AlertProps) {
  const { classes, icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-2 rounded-lg border px-3 py-2.5 text-sm', classes, className)}
    >
      <Icon name={icon} className="mt-0.5 size-4" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
