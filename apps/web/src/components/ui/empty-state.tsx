import type { ReactNode } from 'react';
import type { IconName } from '../../lib/icon-names';
import { Icon } from './icon';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** What a list shows when it has nothing yet: what goes here and how to start. */
export function EmptyState({ icon, title, children, actions }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-500/15">
        <Icon name={icon} className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <div className="mt-2 max-w-lg text-muted">{children}</div>
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
