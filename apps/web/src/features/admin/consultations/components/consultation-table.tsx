import type { TAdminConsultation } from '@escriba/contract';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ConsultationStatusBadge } from '../../../../components/ui/consultation-status-badge';
import { Icon } from '../../../../components/ui/icon';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { accessLogPath } from '../../access-log/access-log-address';
import { COUNT_COLUMNS, countFailures } from '../failure-labels';
import { ConsultationFailures } from './consultation-failures';
import { formatCount } from '../../../../lib/plural';

// Ten columns fit a laptop's width without scrolling.
const cell = 'px-3 py-3 align-top';
const COLUMNS = 5 + COUNT_COLUMNS.length;

interface ConsultationTableProps {
  consultations: TAdminConsultation[];
  onFilterProfessional: (user: TAdminConsultation['user']) => void;
}

/** Metadata, counts and failures of each consultation; never its title, patient or clinical text. */
export function ConsultationTable({ consultations, onFilterProfessional }: ConsultationTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full text-left text-[15px]">
        <caption className="sr-only">Consultas</caption>
        <thead className="border-b border-line text-sm text-muted">
          <tr>
            <th scope="col" className={cell}>
              Consulta
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={cell}>
              Profissional
            </th>
            <th scope="col" className={cell}>
              Criada / atualizada
            </th>
            {COUNT_COLUMNS.map(({ label }) => (
              <th key={label} scope="col" className={`${cell} text-right`}>
                {label}
              </th>
            ))}
            <th scope="col" className={cell}>
              Falhas
            </th>
          </tr>
        </thead>
        <tbody>
          {consultations.map((consultation) => {
            const failures = countFailures(consultation.counts);
            const isOpen = expanded.has(consultation.id);
            const failuresId = `failures-${consultation.id}`;
            return (
              <Fragment key={consultation.id}>
                <tr data-testid="consultation-row" className="border-t border-line first:border-t-0">
                  <td className={cell}>
                    <span className="block font-mono text-xs text-muted" title={consultation.id}>
                      {consultation.id.slice(0, 8)}
                    </span>
                    <Link
                      to={accessLogPath({ patient_id: consultation.patient_id })}
                      aria-label="Acessos ao paciente"
                      title={`Quem viu ou alterou os dados do paciente ${consultation.patient_id}`}
                      className="mt-1 inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-accent-ink hover:underline"
                    >
                      <Icon name="eye" className="size-3.5" /> Acessos
                    </Link>
                  </td>
                  <td className={cell}>
                    <ConsultationStatusBadge status={consultation.status} />
                  </td>
                  <td className={cell}>
                    <button
                      type="button"
                      onClick={() => onFilterProfessional(consultation.user)}
                      className="rounded text-left font-medium hover:underline"
                      title="Ver só as consultas deste profissional"
                    >
                      {consultation.user.name}
                    </button>
                  </td>
                  <td className={`${cell} text-sm whitespace-nowrap`}>
                    {formatDateTime(consultation.created_at)}
                    <span className="block text-muted">{formatDateTime(consultation.updated_at)}</span>
                  </td>
                  {COUNT_COLUMNS.map(({ label, total, failed }) => (
                    <td key={label} className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                      {consultation.counts[total]}
                      {consultation.counts[failed] > 0 && (
                        <span className="block text-xs text-danger">{consultation.counts[failed]} com falha</span>
                      )}
                    </td>
                  ))}
                  <td className={cell}>
                    {failures === 0 ? (
                      <span className="text-sm text-muted">Nenhuma</span>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="whitespace-nowrap text-danger"
                        aria-expanded={isOpen}
                        aria-controls={failuresId}
                        onClick={() => toggle(consultation.id)}
                      >
                        {formatCount(failures, 'falha', 'falhas')}
                        <Icon
                          name="chevron-down"
                          className={cn('size-4 transition-transform', isOpen && 'rotate-180')}
                        />
                      </Button>
                    )}
                  </td>
                </tr>
                {isOpen && (
                  <tr className="bg-danger/5">
                    <td colSpan={COLUMNS} className="px-3 pb-4">
                      <ConsultationFailures id={failuresId} failures={consultation.failures} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
