import type { TAdminConsultationFailure } from '@escriba/contract';
import { Icon } from '../../../../components/ui/icon';
import { formatDateTime } from '../../../../lib/format';
import { describeFailureRef, FAILURE_JOB_LABELS } from '../failure-labels';

/** Which job failed, on what, when and why: the reason as the system wrote it. */
export function ConsultationFailures({ id, failures }: { id: string; failures: TAdminConsultationFailure[] }) {
  return (
    <ul id={id} aria-label="Falhas da consulta" className="flex flex-col gap-2">
      {failures.map((failure) => (
        <li
          key={`${failure.job}-${failure.ref}`}
          data-testid="consultation-failure"
          className="flex gap-3 rounded-lg border border-danger/25 bg-surface px-3 py-2 text-sm"
        >
          <Icon name="circle-alert" className="mt-0.5 size-4 shrink-0 text-danger" />
          <div className="min-w-0 flex-1">
            <p>
              <span className="font-semibold">{FAILURE_JOB_LABELS[failure.job]}</span>
              <span className="text-muted">
                {' '}
                · {describeFailureRef(failure)} · {formatDateTime(failure.at)}
              </span>
            </p>
            <p className="mt-0.5">{failure.reason ?? 'Motivo não registrado'}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
