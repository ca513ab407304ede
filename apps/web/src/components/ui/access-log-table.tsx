import type { TAccessLogEntry } from '@escriba/contract';
import { Link } from 'react-router';
import { ACTOR_ROLE_LABELS, describeAccess } from '../../lib/access-log-labels';
import { formatBrasiliaDateTime } from '../../lib/format';
import { describeUserAgent } from '../../lib/user-agent';
import { Badge } from './badge';

const cell = 'px-3 py-2 align-top';

interface AccessLogTableProps {
  items: TAccessLogEntry[];
  /** Names the table for assistive technology. */
  label: string;
  /** The signed-in user, shown as "Você". */
  currentUserId?: string;
  /** The administration's view across patients adds the patient's identifier, linked to her accesses. */
  patientHref?: (patientId: string) => string;
  /** Links who accessed to all their accesses. */
  actorHref?: (actorUserId: string) => string;
  /** False where every row is one user's. */
  showsActor?: boolean;
}

const link = 'rounded hover:underline';

/** Accesses to patients' data: quando, quem, o quê, de onde. */
export function AccessLogTable({
  items,
  label,
  currentUserId,
  patientHref,
  actorHref,
  showsActor = true,
}: AccessLogTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={`${cell} whitespace-nowrap`}>
              Quando <span className="font-normal">(horário de Brasília)</span>
            </th>
            {showsActor && (
              <th scope="col" className={cell}>
                Quem
              </th>
            )}
            <th scope="col" className={cell}>
              O quê
            </th>
            {patientHref && (
              <th scope="col" className={cell}>
                Paciente
              </th>
            )}
            <th scope="col" className={cell}>
              De onde
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {items.map((entry) => (
            <tr key={entry.id} data-testid="access-row">
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatBrasiliaDateTime(entry.created_at)}</td>
              {showsActor && (
                <td className={cell}>
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <ActorName entry={entry} currentUserId={currentUserId} actorHref={actorHref} />
                    <Badge tone={entry.actor_role === 'admin' ? 'warning' : 'neutral'}>
                      {ACTOR_ROLE_LABELS[entry.actor_role]}
                    </Badge>
                  </span>
                </td>
              )}
              <td className={cell}>{describeAccess(entry)}</td>
              {patientHref && (
                <td className={`${cell} font-mono text-xs`}>
                  {entry.patient_id ? (
                    <Link
                      to={patientHref(entry.patient_id)}
                      className={`${link} text-accent-ink`}
                      title={`Só os acessos ao paciente ${entry.patient_id}`}
                    >
                      {entry.patient_id.slice(0, 8)}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
              )}
              <td className={cell}>
                <span className="block font-mono text-xs">{entry.ip ?? '—'}</span>
                <span className="block text-xs text-muted" title={entry.user_agent ?? undefined}>
                  {describeUserAgent(entry.user_agent)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActorName({
  entry,
  currentUserId,
  actorHref,
}: Pick<AccessLogTableProps, 'currentUserId' | 'actorHref'> & {
  entry: TAccessLogEntry;
}) {
  // An issued document opened by its code (a pharmacy, the patient) has no account behind it.
  if (!entry.actor_user_id) return <span className="font-medium">Acesso pelo código do documento</span>;
  const name = entry.actor_user_id === currentUserId ? 'Você' : (entry.actor_name ?? 'Conta excluída');
  if (!actorHref) return <span className="font-medium">{name}</span>;
  return (
    <Link to={actorHref(entry.actor_user_id)} className={`${link} font-medium`} title={`Só os acessos de ${name}`}>
      {name}
    </Link>
  );
}
