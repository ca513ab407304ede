import { Alert } from '../../../../components/ui/alert';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { useSession } from '../../../../lib/use-session';
import { useUser } from '../api/get-user';
import { UserAccessLog } from './user-access-log';
import { UserAudit } from './user-audit';
import { UserCpfDisputes } from './user-cpf-disputes';
import { UserCredits } from './user-credits';
import { UserDangerZone } from './user-danger-zone';
import { UserDrawer } from './user-drawer';
import { UserProfile } from './user-profile';
import { UserSessions } from './user-sessions';
import { UserStatusActions } from './user-status-actions';
import { UserStatusBadge } from './user-status-badge';
import { formatCount } from '../../../../lib/plural';

/** A user's whole record in a panel over the list; `onClose` also runs once the user is deleted. */
export function UserDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useUser(id);
  const isSelf = useSession().user?.id === id;
  const user = detail.data;
  return (
    <UserDrawer
      title={user ? user.name : 'Usuário'}
      subtitle={
        user && (
          <>
            <span className="truncate">{user.email}</span>
            <UserStatusBadge status={user.status} />
            <span>{formatCount(user.credits, 'crédito', 'créditos')}</span>
          </>
        )
      }
      onClose={onClose}
    >
      {detail.isPending && (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Icon name="loader-circle" className="size-4 animate-spin" /> Carregando…
        </p>
      )}
      {detail.isError && <Alert tone="error">{readApiError(detail.error).message}</Alert>}
      {user && (
        <div className="flex flex-col gap-5" aria-busy={detail.isFetching || undefined}>
          {isSelf && <Alert tone="info">Esta é a sua conta: você não pode suspendê-la nem excluí-la.</Alert>}
          <UserCpfDisputes user={user} />
          <UserStatusActions user={user} />
          <UserProfile user={user} />
          <UserCredits user={user} />
          <UserSessions user={user} />
          <UserAudit user={user} />
          <UserAccessLog userId={user.id} />
          <UserDangerZone user={user} onDeleted={onClose} />
        </div>
      )}
    </UserDrawer>
  );
}
