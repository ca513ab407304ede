import { ZAdminUserListQuery } from '@escriba/contract';
import { Alert } from '../../../components/ui/alert';
import { Pagination, useClampPage } from '../../../components/ui/pagination';
import { readApiError } from '../../../lib/api-error';
import { useUsers } from './api/list-users';
import { UserDetail } from './components/user-detail';
import { USER_FILTER_KEYS, UserFiltersForm } from './components/user-filters';
import { UserTable } from './components/user-table';
import { useListAddress } from './use-list-address';

const PAGE_SIZE = 20;

/** Spec §2 "Usuários": filters and page in the address, a row opens the user's record (`?user=`). */
export function Component() {
  const { params, filters, page, parsed, update, applyFilters, goToPage } = useListAddress(
    USER_FILTER_KEYS,
    ZAdminUserListQuery,
    PAGE_SIZE,
  );
  const list = useUsers(parsed.query);
  const openId = params.get('user');
  useClampPage(page, list.data, (lastPage) => goToPage(lastPage, true));

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Usuários</h1>
        <p className="mt-2 text-lg text-muted">Contas, créditos, sessões e auditoria de cada profissional.</p>
      </header>
      <UserFiltersForm
        key={USER_FILTER_KEYS.map((key) => filters[key] ?? '').join('|')}
        initial={filters}
        onApply={applyFilters}
      />
      {parsed.error && <Alert tone="error">{parsed.error}</Alert>}
      {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
      <div aria-busy={list.isFetching || undefined} className="flex flex-col gap-4">
        {list.data && list.data.total > 0 && (
          <UserTable users={list.data.items} onOpen={(id) => update((next) => next.set('user', id))} />
        )}
        {list.data?.total === 0 && (
          <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
            Nenhum usuário encontrado com esses filtros.
          </p>
        )}
        {list.data && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPageChange={(next) => goToPage(next)}
            noun="usuários"
          />
        )}
      </div>
      {openId && <UserDetail key={openId} id={openId} onClose={() => update((next) => next.delete('user'))} />}
    </div>
  );
}
