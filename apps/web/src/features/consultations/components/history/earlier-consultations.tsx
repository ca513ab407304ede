import type { TEarlierConsultation } from '@escriba/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../../components/ui/icon';
import { formatCalendarDay } from '../../../../lib/format';
import { useConsultationHistory } from '../../api/get-consultation-history';
import { formatCount } from '../../../../lib/plural';

// The fields a clinician reads first (the template's order puts the complaint and history first); the rest is a
// click away. A field identifying the patient repeats the header above and is skipped.
const FIELDS_SHOWN = 4;
const IDENTIFICATION = /^identifica/i;

/**
 * "Consultas anteriores": the patient's last settled notes before this one (concluded, or reviewed by her: what the
 * assistant also reads), closed by default on a line that already says when the last visit was and what was confirmed; absent on a first
 * visit.
 */
export function EarlierConsultations({ consultationId }: { consultationId: string }) {
  const earlier = useConsultationHistory(consultationId).data?.consultations ?? [];
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const [last] = earlier;
  if (!last) return null;
  return (
    <section
      aria-label="Consultas anteriores"
      className="shrink-0 rounded-2xl border border-line bg-surface shadow-sm"
      data-testid="earlier-consultations"
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen(!isOpen)}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl px-4 py-3 text-left hover:bg-subtle/60"
      >
        <Icon name="rotate-ccw-clock" className="size-5 shrink-0 text-accent-600" />
        <span className="font-semibold">Consultas anteriores</span>
        <span className="min-w-0 flex-1 truncate text-sm text-muted">
          {formatCount(earlier.length, 'consulta', 'consultas')} · última em {formatCalendarDay(last.date)}
          {last.diagnoses.length > 0 && (
            <>
              {' · '}
              <span className="font-mono">{last.diagnoses.map((diagnosis) => diagnosis.code).join(', ')}</span>
            </>
          )}
        </span>
        <Icon name={isOpen ? 'chevron-up' : 'chevron-down'} className="size-4 shrink-0 text-muted" />
      </button>
      {isOpen && (
        <ol
          id={listId}
          className="grid grid-cols-[repeat(auto-fit,minmax(18rem,1fr))] gap-3 border-t border-line p-3 sm:p-4"
        >
          {earlier.map((consultation) => (
            <EarlierConsultationItem key={consultation.id} consultation={consultation} />
          ))}
        </ol>
      )}
    </section>
  );
}

function EarlierConsultationItem({ consultation }: { consultation: TEarlierConsultation }) {
  const fields = consultation.fields.filter((field) => !IDENTIFICATION.test(field.title));
  const shown = fields.slice(0, FIELDS_SHOWN);
  const hidden = fields.length - shown.length;
  const day = formatCalendarDay(consultation.date);
  return (
    <li
      className="flex min-w-0 flex-col gap-2.5 rounded-xl border border-line p-3.5"
      data-testid="earlier-consultation"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold">
            {day}
            {consultation.title && <span className="font-normal text-muted"> · {consultation.title}</span>}
          </p>
          <p className="text-xs text-muted">{consultation.template}</p>
        </div>
        <Link
          to={`/${consultation.id}`}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-accent-ink hover:underline"
          aria-label={`Abrir a consulta de ${day}`}
        >
          Abrir <Icon name="chevron-right" className="size-3.5" />
        </Link>
      </div>
      {consultation.diagnoses.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Diagnósticos confirmados">
          {consultation.diagnoses.map((diagnosis) => (
            <li
              key={diagnosis.code}
              className="rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-medium text-accent-ink dark:bg-accent-500/15"
              title={diagnosis.description}
            >
              <span className="font-mono font-semibold">{diagnosis.code}</span> {diagnosis.description}
            </li>
          ))}
        </ul>
      )}
      {/* One column in a third of the width, side by side when a single visit has the whole width. */}
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-x-6 gap-y-2 text-sm">
        {shown.map((field) => (
          <div key={field.field_id}>
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{field.title}</dt>
            <dd className="line-clamp-3 whitespace-pre-line" title={field.text}>
              {field.text}
            </dd>
          </div>
        ))}
      </dl>
      {hidden > 0 && <p className="text-xs text-muted">Mais {formatCount(hidden, 'campo', 'campos')} na consulta.</p>}
    </li>
  );
}
