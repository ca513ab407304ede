import { Button, type ButtonProps } from './button';
import { confirmAction } from './confirm-dialog';
import { Icon } from './icon';

interface ConfirmDeleteButtonProps extends Omit<ButtonProps, 'onClick' | 'isLoading'> {
  /** The question asked first; its button reads "Excluir" unless `confirmLabel` says otherwise. */
  confirmation: { title: string; description: string; confirmLabel?: string };
  isDeleting: boolean;
  onConfirm: () => void;
  /** Runs on the click, before the question (e.g. to clear another action's error). */
  onAsk?: () => void;
}

/** A trash button that deletes once the person confirms; without text it is the icon alone (give it an `aria-label`). */
export function ConfirmDeleteButton({
  confirmation,
  isDeleting,
  onConfirm,
  onAsk,
  variant = 'ghost',
  size = 'sm',
  children,
  ...props
}: ConfirmDeleteButtonProps) {
  const ask = async () => {
    onAsk?.();
    const isConfirmed = await confirmAction({ ...confirmation, confirmLabel: confirmation.confirmLabel ?? 'Excluir' });
    if (isConfirmed) onConfirm();
  };

  return (
    <Button variant={variant} size={size} isLoading={isDeleting} onClick={() => void ask()} {...props}>
      {!isDeleting && <Icon name="trash" className="size-4" />}
      {children}
    </Button>
  );
}
