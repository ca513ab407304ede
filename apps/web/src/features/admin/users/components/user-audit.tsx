import type { TAdminUserDetail } from '@escriba/contract';
import { Card, CardHeader } from '../../../../components/ui/card';
import { formatBrasiliaMinute } from '../../../../lib/format';
import { describeAuditDetails } from '../audit-details';
import { describeAuditAction } from '../user-labels';

/** The latest audit events about the user (or made by them, for an administrator). */
export function UserAudit({ user }: { user: TAdminUserDetail }) {
  return (
    <Card aria-labelledby="user-audit-title">
      <CardHeader
        id="user-audit-title"
        title="Auditoria"
        description={
          user.audit_total > user.audit.length
            ? `Os ${user.audit.length} eventos mais recentes de ${user.audit_total}.`
            : undefined
        }
      />
      {user.audit.length === 0 ? (
        <p className="text-muted">Nenhum evento registrado.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line text-sm">
          {user.audit.map((event) => {
            const details = describeAuditDetails(event.details);
            const isOwn = event.actor_user_id === user.id;
            return (
              <li key={event.id} data-testid="audit-event" className="flex flex-wrap gap-x-4 gap-y-0.5 py-2">
                <span className="w-36 shrink-0 text-muted tabular-nums">{formatBrasiliaMinute(event.created_at)}</span>
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{describeAuditAction(event.action)}</span>
                  {details && <span className="text-muted"> · {details}</span>}
                  <span className="block text-xs text-muted">
                    {isOwn ? 'Pelo próprio usuário' : `Por ${event.actor_name ?? 'sistema'}`}
                    {event.ip && ` · IP ${event.ip}`}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
