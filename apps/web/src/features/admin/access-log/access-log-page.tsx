import { ZAdminAccessLogQuery } from '@escriba/contract';
import { AccessLogTable } from '../../../components/ui/access-log-table';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination, useClampPage } from '../../../components/ui/pagination';
import { readApiError } from '../../../lib/api-error';
import { useListAddress } from '../users/use-list-address';
import { ACCESS_LOG_FILTER_KEYS, accessLogPath } from './access-log-address';
import { useAccessLog } from './api/list-access-log';
import { AccessLogFiltersBar } from './components/access-log-filters';

const PAGE_SIZE = 20;

/** Issue 21 §1 "Acessos": every access to patients' data, newest first; filters by who and by patient in the address. */
export function Component() {
  const { filters, page, parsed, applyFilters, goToPage } = useListAddress(
    ACCESS_LOG_FILTER_KEYS,
    ZAdminAccessLogQuery,
    PAGE_SIZE,
  );
  const log = useAccessLog(parsed.query);
  useClampPage(page, log.data, (lastPage) => goToPage(lastPage, true));
  const isFiltered = Object.keys(filters).length > 0;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Acessos</h1>
        <p className="mt-2 text-lg text-muted">
          Cada vez que alguém viu ou alterou dados de um paciente: quem, quando, o quê e de onde. Sem conteúdo clínico;
          o registro não pode ser alterado nem apagado.
        </p>
      </header>
      <AccessLogFiltersBar filters={filters} onApply={applyFilters} />
      {parsed.error && (
        <Alert tone="error">
          Filtro inválido no endereço ({parsed.error}). Use “Limpar filtros” para ver todos os acessos.
        </Alert>
      )}
      {log.isError && <Alert tone="error">{readApiError(log.error).message}</Alert>}
      <div aria-busy={log.isFetching || undefined} className="flex flex-col gap-4">
        {log.data && log.data.total > 0 && (
          <div className="rounded-2xl border border-line bg-surface p-2">
            <AccessLogTable
              label="Acessos aos dados de pacientes"
              items={log.data.items}
              actorHref={(userId) => accessLogPath({ ...filters, user_id: userId })}
              patientHref={(patientId) => accessLogPath({ ...filters, patient_id: patientId })}
            />
          </div>
        )}
        {log.data?.total === 0 && (
          <EmptyState icon="eye" title={isFiltered ? 'Nenhum acesso com esses filtros' : 'Nenhum acesso registrado'}>
            {isFiltered
              ? 'Remova um filtro para ver mais acessos.'
              : 'Quando alguém abrir ou alterar os dados de um paciente, o acesso aparecerá aqui.'}
          </EmptyState>
        )}
        {log.data && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={log.data.total}
            onPageChange={(next) => goToPage(next)}
            noun="acessos"
          />
        )}
      </div>
    </div>
  );
}
