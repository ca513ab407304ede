import type { TAdminUserListItem } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';
import { Icon } from '../../../../components/ui/icon';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { UserStatusBadge } from './user-status-badge';

const cell = 'px-4 py-3 align-middle';

/** One row per user; the name opens the detail (the whole row does too, for the mouse). */
export function UserTable({ users, onOpen }: { users: TAdminUserListItem[]; onOpen: (id: string) => void }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full text-left text-[15px]">
        <caption className="sr-only">Usuários</caption>
        <thead className="border-b border-line text-sm text-muted">
          <tr>
            <th scope="col" className={cell}>
              Nome
            </th>
            <th scope="col" className={cell}>
              E-mail
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Créditos
            </th>
            <th scope="col" className={cell}>
              Último acesso
            </th>
            <th scope="col" className={cell}>
              Cadastro
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {users.map((user) => (
            <tr
              key={user.id}
              data-testid="user-row"
              onClick={() => onOpen(user.id)}
              className="cursor-pointer hover:bg-subtle"
            >
              <td className={cell}>
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(user.id);
                    }}
                    className="rounded text-left font-semibold hover:underline"
                  >
                    {user.name}
                  </button>
                  {user.scopes.includes('admin') && <Badge tone="accent">Administrador</Badge>}
                  {user.has_open_cpf_dispute && <Badge tone="warning">CPF contestado</Badge>}
                </div>
              </td>
              <td className={`${cell} max-w-64 truncate text-muted`} title={user.email}>
                {user.email}
              </td>
              <td className={cell}>
                <UserStatusBadge status={user.status} />
              </td>
              <td className={`${cell} text-right tabular-nums`}>{user.credits}</td>
              <td className={`${cell} text-muted`}>
                {user.last_seen_at ? formatDateTime(user.last_seen_at) : 'Nunca entrou'}
              </td>
              <td className={`${cell} text-muted`}>
                <span className="flex items-center justify-between gap-2">
                  {formatDate(user.created_at)}
                  <Icon name="chevron-right" className="size-4" />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
