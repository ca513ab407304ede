import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Icon } from './icon';

interface DialogShellProps {
  title: string;
  description?: string;
  onClose: () => void;
  /** Width: `md` for a question, `lg` for a form. */
  size?: 'md' | 'lg';
  children?: ReactNode;
  /** Actions kept in view below the content when it scrolls (a form's submit uses the `form` attribute). */
  footer?: ReactNode;
  /**
   * Where focus starts: the first control of the content, else of the footer (its first one is the safe
   * choice: "Cancelar"); `content` for a dialog that is mostly to be read, whose content then takes focus.
   */
  initialFocus?: 'control' | 'content';
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: focus kept inside, Escape and the overlay close it, the title names it. */
export function DialogShell({
  title,
  description,
  onClose,
  size = 'md',
  children,
  footer,
  initialFocus = 'control',
}: DialogShellProps) {
  // Opened from code, not from a Radix trigger: remember what had focus, to give it back on closing.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const content = useRef<HTMLDivElement>(null);
  const footerRow = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          // Without a description, Radix asks for an explicit undefined rather than a dangling reference.
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Radix would focus the first control, "Fechar": the person came for what the dialog holds.
          onOpenAutoFocus={(event) => {
            const start =
              initialFocus === 'content'
                ? content.current
                : (content.current?.querySelector<HTMLElement>(TABBABLE) ??
                  footerRow.current?.querySelector<HTMLElement>(TABBABLE));
            if (!start) return;
            event.preventDefault();
            start.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return;
            event.preventDefault();
            // What the choice opened took the focus already (an editor): it stays there.
            const active = document.activeElement;
            if (active && active !== document.body && !content.current?.contains(active)) return;
            opener.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface shadow-xl',
            size === 'md' ? 'max-w-md' : 'max-w-2xl',
          )}
        >
          <div className="flex items-start gap-3 px-6 pt-6 pb-2">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description && <Dialog.Description className="mt-1 text-muted">{description}</Dialog.Description>}
            </div>
            <Dialog.Close className="rounded-md p-1 text-muted hover:bg-subtle" aria-label="Fechar">
              <Icon name="x" className="size-5" />
            </Dialog.Close>
          </div>
          {children && (
            <div
              ref={content}
              tabIndex={initialFocus === 'content' ? -1 : undefined}
              className="min-h-0 overflow-y-auto px-6 pt-4 pb-6 outline-none"
            >
              {children}
            </div>
          )}
          {footer && (
            <div ref={footerRow} className="flex justify-end gap-3 border-t border-line px-6 py-4">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
