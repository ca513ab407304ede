import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section className={cn('rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6', className)} {...props} />
  );
}

interface CardHeaderProps {
  title: string;
  description?: string;
  actions?: ReactNode;
  id?: string;
}

export function CardHeader({ title, description, actions, id }: CardHeaderProps) {
  return (
    <header className="mb-5 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions}
    </header>
  );
}
