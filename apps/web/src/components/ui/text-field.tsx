import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type ChangeEvent,
  type ComponentProps,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '../../lib/cn';
import { attachMask, type MaskName } from '../../lib/masks';
import { FieldShell } from './field-shell';

export const inputClasses =
  'block h-10 w-full rounded-lg border border-line bg-surface px-3 text-[15px] text-ink placeholder:text-muted/70 ' +
  'focus-visible:border-accent-500 focus-visible:outline-2 focus-visible:outline-offset-0 disabled:bg-subtle disabled:text-muted ' +
  'aria-invalid:border-danger';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'ref'> {
  label: string;
  error?: string;
  hint?: string;
  mask?: MaskName;
  /** Shown inside the input's right edge (a show-password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, mask, trailing, ref, className, onChange, ...props }: TextFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const element = useRef<HTMLInputElement | null>(null);
  // maska rewrites the value itself, which React does not see as a change: report it to the form.
  const reportMasked = useEffectEvent((input: HTMLInputElement) =>
    onChange?.({ target: input, currentTarget: input, type: 'change' } as ChangeEvent<HTMLInputElement>),
  );

  useEffect(() => {
    const input = element.current;
    if (!mask || !input) return;
    return attachMask(input, mask, () => reportMasked(input));
  }, [mask]);

  const setRef = (node: HTMLInputElement | null) => {
    element.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          {...props}
          id={id}
          ref={setRef}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-note` : undefined}
          className={cn(inputClasses, trailing ? 'pr-11' : undefined)}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </FieldShell>
  );
}
