import type { TConsultationListItem } from '@escriba/contract';
import { Link } from 'react-router';
import { displayName, formatAge, formatDayAndTime } from '../../lib/format';
import { ConsultationStatusBadge } from './consultation-status-badge';
import { Icon } from './icon';

interface ConsultationListProps {
  label: string;
  items: TConsultationListItem[];
  /** Home names the patient on every row; a patient's own history does not repeat it. */
  showsPatient: boolean;
}

/** Consultations as rows that open the consultation page; shared by home and a patient's history. */
export function ConsultationList({ label, items, showsPatient }: ConsultationListProps) {
  return (
    <ul aria-label={label} className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
      {items.map((item) => {
        const { day, time } = formatDayAndTime(item.created_at);
        const untitled = item.title ?? 'Consulta sem título';
        const heading = showsPatient ? displayName(item.patient) : untitled;
        const details = showsPatient
          ? [formatAge(item.patient), item.title ?? undefined]
          : [item.chief_complaint ?? undefined];
        return (
          <li key={item.id} data-testid="consultation-row">
            <Link
              to={`/${item.id}`}
              className="flex items-center gap-4 px-4 py-3.5 outline-offset-[-2px] hover:bg-subtle sm:px-5"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{heading}</p>
                <p className="truncate text-sm text-muted">
                  {details.filter(Boolean).join(' · ') || (showsPatient ? untitled : 'Sem queixa registrada')}
                </p>
                {showsPatient && item.chief_complaint && (
                  <p className="mt-0.5 line-clamp-1 text-sm text-ink/80">{item.chief_complaint}</p>
                )}
              </div>
              <time dateTime={item.created_at} className="shrink-0 text-right text-sm text-muted">
                <span className="block">{day}</span>
                <span className="block">{time}</span>
              </time>
              <ConsultationStatusBadge status={item.status} className="w-28 justify-center" />
              <Icon name="chevron-right" className="size-4 text-muted" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
