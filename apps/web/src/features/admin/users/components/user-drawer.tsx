import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Icon } from '../../../../components/ui/icon';
import { toastsBelow } from '../../../../components/ui/toaster';

interface UserDrawerProps {
  title: string;
  /** Shown under the title: who this is at a glance. */
  subtitle?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/** A panel from the right edge over the list: the list stays in place behind it, Escape closes it. */
export function UserDrawer({ title, subtitle, onClose, children }: UserDrawerProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-3xl flex-col border-l border-line bg-canvas shadow-2xl"
        >
          <div ref={toastsBelow} className="flex items-center gap-3 border-b border-line bg-surface px-6 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-xl font-semibold">{title}</Dialog.Title>
              {subtitle && <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">{subtitle}</div>}
            </div>
            <Dialog.Close className="rounded-md p-1 text-muted hover:bg-subtle" aria-label="Fechar">
              <Icon name="x" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
