import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FieldShell } from './field-shell';
import { inputClasses } from './text-field';

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string;
  hint?: string;
}

export function SelectField({ label, error, hint, className, children, ...props }: SelectFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <select
        {...props}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className={cn(inputClasses, 'pr-8')}
      >
        {children}
      </select>
    </FieldShell>
  );
}
