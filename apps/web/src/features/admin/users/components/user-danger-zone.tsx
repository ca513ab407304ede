import type { TAdminUserDetail } from '@escriba/contract';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { describeDeletion } from '../user-labels';
import { DeleteUserDialog } from './delete-user-dialog';

/** "Excluir usuário", apart from everything else and stating what goes with the account. */
export function UserDangerZone({ user, onDeleted }: { user: TAdminUserDetail; onDeleted: () => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <section aria-labelledby="user-danger-title" className="rounded-2xl border border-danger/40 bg-danger/5 p-5 sm:p-6">
      <h2 id="user-danger-title" className="text-lg font-semibold text-danger">
        Zona de perigo
      </h2>
      <p className="mt-1 mb-4 text-sm">{describeDeletion(user.name, user.deletion_impact)}</p>
      <Button variant="danger" onClick={() => setIsConfirming(true)}>
        <Icon name="trash" className="size-4" /> Excluir usuário
      </Button>
      {isConfirming && <DeleteUserDialog user={user} onCancel={() => setIsConfirming(false)} onDeleted={onDeleted} />}
    </section>
  );
}
