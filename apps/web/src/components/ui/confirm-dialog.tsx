import { overlays, type OverlayProps } from '../../lib/overlays';
import { Button } from './button';
import { DialogShell } from './dialog';

interface ConfirmProps {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
}

function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  close,
}: ConfirmProps & OverlayProps<boolean>) {
  return (
    <DialogShell
      title={title}
      description={description}
      onClose={() => close(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={() => close(true)}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

overlays.register('confirm', ConfirmDialog);

/** Asks before a destructive action; resolves true when the person confirms. */
export function confirmAction(props: ConfirmProps): Promise<boolean> {
  return overlays.open<boolean>('confirm', { ...props });
}
