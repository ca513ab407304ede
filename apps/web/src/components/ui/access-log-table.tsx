import type { TAccessLogEntry } from '@escriba/contract';
import { ACTOR_ROLE_LABELS, describeAccess } from '../../lib/access-log-labels';
import { formatDateTime } from '../../lib/format';
import { describeUserAgent } from '../../lib/user-agent';
import { Badge } from './badge';

const cell = 'px-3 py-2 align-top';

interface AccessLogTableProps {
  items: TAccessLogEntry[];
  /** Names the table for assistive technology. */
  label: string;
  /** The signed-in user, shown as "Você". */
  currentUserId?: string;
  /** The administration's view across patients adds the patient's identifier. */
  showsPatient?: boolean;
}

/** Accesses to patients' data: quando, quem, o quê, de onde. */
export function AccessLogTable({ items, label, currentUserId, showsPatient }: AccessLogTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={cell}>
              Quando
            </th>
            <th scope="col" className={cell}>
              Quem
            </th>
            <th scope="col" className={cell}>
              O quê
            </th>
            {showsPatient && (
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
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatDateTime(entry.created_at)}</td>
              <td className={cell}>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">
                    {entry.actor_user_id === currentUserId ? 'Você' : (entry.actor_name ?? 'Conta excluída')}
                  </span>
                  <Badge tone={entry.actor_role === 'admin' ? 'warning' : 'neutral'}>
                    {ACTOR_ROLE_LABELS[entry.actor_role]}
                  </Badge>
                </span>
              </td>
              <td className={cell}>{describeAccess(entry)}</td>
              {showsPatient && <td className={`${cell} font-mono text-xs`}>{entry.patient_id ?? '—'}</td>}
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
