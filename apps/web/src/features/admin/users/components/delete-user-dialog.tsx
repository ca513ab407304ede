import type { TAdminUserDetail } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { useDeleteUser } from '../api/delete-user';
import { describeDeletion } from '../user-labels';

interface DeleteUserDialogProps {
  user: TAdminUserDetail;
  onCancel: () => void;
  onDeleted: () => void;
}

/** The typed confirmation: the button only works once the user's e-mail is typed, as the server checks it. */
export function DeleteUserDialog({ user, onCancel, onDeleted }: DeleteUserDialogProps) {
  const [typed, setTyped] = useState('');
  const deletion = useDeleteUser(user.id);
  const isTyped = typed.trim().toLowerCase() === user.email.toLowerCase();

  const remove = () =>
    deletion.mutate(typed, {
      onSuccess: ({ detail }) => {
        toasts.add({ title: 'Usuário excluído', description: detail, color: 'success' });
        onDeleted();
      },
    });

  return (
    <DialogShell
      title={`Excluir ${user.name}?`}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
          <Button variant="danger" form="delete-user" type="submit" disabled={!isTyped} isLoading={deletion.isPending}>
            Excluir definitivamente
          </Button>
        </>
      }
    >
      <form
        id="delete-user"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (isTyped) remove();
        }}
      >
        <Alert tone="warning">
          <span data-testid="deletion-impact">{describeDeletion(user.name, user.deletion_impact)}</span> Esta ação não
          pode ser desfeita.
        </Alert>
        <TextField
          label={`Para confirmar, digite o e-mail ${user.email}`}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {deletion.isError && <Alert tone="error">{readApiError(deletion.error).message}</Alert>}
      </form>
    </DialogShell>
  );
}
