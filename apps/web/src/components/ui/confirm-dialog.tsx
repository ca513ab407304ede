import * as Dialog from '@radix-ui/react-dialog';
import { overlays, type OverlayProps } from '../../lib/overlays';
import { Button } from './button';

interface ConfirmProps {
  title: string;
  description: string;
  confirmLabel: string;
}

function ConfirmDialog({ title, description, confirmLabel, close }: ConfirmProps & OverlayProps<boolean>) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={() => close(true)}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

overlays.register('confirm', ConfirmDialog);

/** Asks before a destructive action; resolves true when the person confirms. */
export function confirmAction(props: ConfirmProps): Promise<boolean> {
  return overlays.open<boolean>('confirm', { ...props });
}
