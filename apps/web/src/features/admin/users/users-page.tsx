import { ZAdminUserListQuery } from '@escriba/contract';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Pagination, useClampPage } from '../../../components/ui/pagination';
import { readApiError } from '../../../lib/api-error';
import { useUsers } from './api/list-users';
import { UserDetail } from './components/user-detail';
import { USER_FILTER_KEYS, UserFiltersForm, type UserFilters } from './components/user-filters';
import { UserTable } from './components/user-table';
import { parseListQuery, readListFilters, readPage, writeListFilters } from './list-filters';

const PAGE_SIZE = 20;

/** Spec §2 "Usuários": filters and page in the address, a row opens the user's record (`?user=`). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params, USER_FILTER_KEYS);
  const page = readPage(params);
  const parsed = parseListQuery(ZAdminUserListQuery, { ...filters, page, page_size: PAGE_SIZE });
  const list = useUsers(parsed.query);
  const openId = params.get('user');

  const update = (change: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace },
    );
  useClampPage(page, list.data, (lastPage) => update((next) => next.set('page', String(lastPage)), true));

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Usuários</h1>
        <p className="mt-2 text-lg text-muted">Contas, créditos, sessões e auditoria de cada profissional.</p>
      </header>
      <UserFiltersForm
        key={USER_FILTER_KEYS.map((key) => filters[key] ?? '').join('|')}
        initial={filters}
        onApply={(applied: UserFilters) =>
          setParams((previous) => writeListFilters(previous, USER_FILTER_KEYS, applied))
        }
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
            onPageChange={(next) => update((params) => params.set('page', String(next)))}
            noun="usuários"
          />
        )}
      </div>
      {openId && <UserDetail key={openId} id={openId} onClose={() => update((next) => next.delete('user'))} />}
    </div>
  );
}
