import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FieldShell } from './field-shell';
import { inputClasses } from './text-field';

export interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  hint?: string;
}

export function TextareaField({ label, error, hint, className, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        rows={4}
        {...props}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className={cn(inputClasses, 'h-auto min-h-24 resize-y py-2 leading-relaxed')}
      />
    </FieldShell>
  );
}
