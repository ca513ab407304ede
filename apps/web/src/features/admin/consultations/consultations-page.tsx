import { ZAdminConsultationListQuery } from '@escriba/contract';
import { Alert } from '../../../components/ui/alert';
import { Pagination, useClampPage } from '../../../components/ui/pagination';
import { readApiError } from '../../../lib/api-error';
import { useListAddress } from '../users/use-list-address';
import { useAdminConsultations } from './api/list-consultations';
import { CONSULTATION_FILTER_KEYS, ConsultationFiltersForm } from './components/consultation-filters';
import { ConsultationTable } from './components/consultation-table';

const PAGE_SIZE = 20;

/** Spec §2 "Consultas": every professional's consultations, metadata and failures only; filters in the address. */
export function Component() {
  const { filters, page, parsed, applyFilters, goToPage } = useListAddress(
    CONSULTATION_FILTER_KEYS,
    ZAdminConsultationListQuery,
    PAGE_SIZE,
  );
  const list = useAdminConsultations(parsed.query);
  useClampPage(page, list.data, (lastPage) => goToPage(lastPage, true));

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Consultas</h1>
        <p className="mt-2 text-lg text-muted">
          Situação e falhas de processamento das consultas de todos os profissionais, sem conteúdo clínico.
        </p>
      </header>
      <ConsultationFiltersForm
        key={CONSULTATION_FILTER_KEYS.map((key) => filters[key] ?? '').join('|')}
        initial={filters}
        onApply={applyFilters}
      />
      {parsed.error && <Alert tone="error">{parsed.error}</Alert>}
      {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
      <div aria-busy={list.isFetching || undefined} className="flex flex-col gap-4">
        {list.data && list.data.total > 0 && (
          <ConsultationTable
            consultations={list.data.items}
            onFilterProfessional={(user) => applyFilters({ ...filters, user_id: user.id })}
          />
        )}
        {list.data?.total === 0 && (
          <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
            Nenhuma consulta encontrada com esses filtros.
          </p>
        )}
        {list.data && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPageChange={(next) => goToPage(next)}
            noun="consultas"
          />
        )}
      </div>
    </div>
  );
}
