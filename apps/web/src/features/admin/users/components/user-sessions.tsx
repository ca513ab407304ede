import type { TAdminUserDetail } from '@escriba/contract';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardHeader } from '../../../../components/ui/card';
import { confirmAction } from '../../../../components/ui/confirm-dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { formatDateTime } from '../../../../lib/format';
import { toasts } from '../../../../lib/toast-store';
import { useEndUserSessions } from '../api/end-user-sessions';
import { describeUserAgent } from '../../../../lib/user-agent';
import { describeSessionEnd } from '../user-labels';
import { formatCount } from '../../../../lib/plural';

const cell = 'px-3 py-2 align-top';

/** The latest sessions and "Encerrar todas as sessões". */
export function UserSessions({ user }: { user: TAdminUserDetail }) {
  const endSessions = useEndUserSessions(user.id);
  const activeCount = user.sessions.filter((session) => session.is_active).length;

  const endAll = async () => {
    const isConfirmed = await confirmAction({
      title: 'Encerrar todas as sessões?',
      description: `${user.name} sai da conta em todos os aparelhos e as conexões ao vivo fecham agora. A conta continua ativa: basta entrar de novo.`,
      confirmLabel: 'Encerrar sessões',
    });
    if (!isConfirmed) return;
    endSessions.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toasts.add({
          title: 'Sessões encerradas',
          description: formatCount(ended, 'sessão foi encerrada.', 'sessões foram encerradas.'),
          color: 'success',
        }),
    });
  };

  return (
    <Card aria-labelledby="user-sessions-title">
      <CardHeader
        id="user-sessions-title"
        title="Sessões"
        description={formatCount(activeCount, 'sessão ativa', 'sessões ativas')}
        actions={
          <Button variant="secondary" onClick={endAll} disabled={activeCount === 0} isLoading={endSessions.isPending}>
            <Icon name="log-out" className="size-4" /> Encerrar todas as sessões
          </Button>
        }
      />
      {endSessions.isError && (
        <Alert tone="error" className="mb-3">
          {readApiError(endSessions.error).message}
        </Alert>
      )}
      {user.sessions.length === 0 ? (
        <p className="text-muted">Nenhuma sessão: este usuário nunca entrou.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sessões</caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className={cell}>
                  Início
                </th>
                <th scope="col" className={cell}>
                  Último uso
                </th>
                <th scope="col" className={cell}>
                  IP
                </th>
                <th scope="col" className={cell}>
                  Navegador
                </th>
                <th scope="col" className={cell}>
                  Situação
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {user.sessions.map((session) => (
                <tr key={session.id} data-testid="session-row">
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(session.created_at)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(session.last_seen_at)}</td>
                  <td className={`${cell} font-mono text-xs`}>{session.ip ?? '—'}</td>
                  <td className={cell} title={session.user_agent ?? undefined}>
                    {describeUserAgent(session.user_agent)}
                  </td>
                  <td className={cell}>
                    {session.is_active ? (
                      <Badge tone="success" hasDot>
                        Ativa
                      </Badge>
                    ) : (
                      <span className="flex flex-col gap-0.5">
                        <Badge hasDot>Encerrada</Badge>
                        <span className="text-xs text-muted">
                          {describeSessionEnd(session.end_reason)}
                          {session.ended_at && ` · ${formatDateTime(session.ended_at)}`}
                        </span>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {user.sessions_total > user.sessions.length && (
            <p className="mt-2 text-sm text-muted">
              Mostrando as {user.sessions.length} sessões mais recentes de {user.sessions_total}.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
