import { Button } from './button';

interface FormActionsProps {
  submitLabel: string;
  onCancel: () => void;
  isPending?: boolean;
  size?: 'sm' | 'md';
  /** The form's id, when the buttons sit outside it (a dialog footer). */
  form?: string;
}

/** "Cancelar" and the submit button, in that order, as every form ends. */
export function FormActions({ submitLabel, onCancel, isPending = false, size = 'md', form }: FormActionsProps) {
  return (
    <>
      <Button variant="secondary" size={size} onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" size={size} form={form} isLoading={isPending}>
        {submitLabel}
      </Button>
    </>
  );
}
