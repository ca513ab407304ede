import type { TPatientListQuery, TPatientSort } from '@escriba/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { Pagination, useClampPage } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { usePatients } from '../../../lib/api/list-patients';
import { readApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PatientList } from '../components/patient-list';

const PAGE_SIZE = 20;
const SORTS: Record<TPatientSort, string> = {
  name: 'Nome (A–Z)',
  '-name': 'Nome (Z–A)',
  '-created_at': 'Cadastro mais recente',
  created_at: 'Cadastro mais antigo',
};
const SITUATIONS = { false: 'Ativos', true: 'Arquivados', all: 'Todos' } as const;
type Situation = keyof typeof SITUATIONS;

export function PatientsPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const settled = useDebouncedValue(text.trim(), 300);
  const sort = (params.get('sort') ?? 'name') as TPatientSort;
  const archived = (params.get('archived') ?? 'false') as Situation;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query: TPatientListQuery = { q: settled || undefined, sort, archived, page, page_size: PAGE_SIZE };
  const list = usePatients(query);

  const set = (key: string, value: string, fallback = '', replace = key !== 'page') =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value && value !== fallback) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace },
    );
  useClampPage(page, list.data, (lastPage) => set('page', String(lastPage), '1', true));
  const sendText = useEffectEvent((q: string) => {
    if (q !== (params.get('q') ?? '')) set('q', q);
  });
  useEffect(() => {
    sendText(settled);
  }, [settled]);

  // Archived patients count: with only archived ones, the filters stay to reach them.
  const isEmpty = usePatients({ archived: 'all', page_size: 1 }).data?.total === 0;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Pacientes</h1>
          <p className="mt-2 text-lg text-muted">Cadastro, dados de contato e histórico de consultas.</p>
        </div>
        <Link to="/patients/new" className={cn(buttonClasses(), 'h-11 px-5')}>
          <Icon name="user-plus" className="size-5" /> Novo paciente
        </Link>
      </header>
      {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
      {isEmpty ? (
        <EmptyState icon="users" title="Nenhum paciente cadastrado">
          Cadastre seus pacientes com dados de contato, endereço e convênio. Você também pode cadastrar um paciente na
          hora de iniciar uma nova consulta.
        </EmptyState>
      ) : (
        <>
          <div
            role="search"
            aria-label="Filtrar pacientes"
            className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
          >
            <TextField
              label="Buscar"
              type="search"
              placeholder="Nome, nome social ou CPF"
              value={text}
              onChange={(event) => setText(event.target.value)}
              className="sm:col-span-2 lg:col-span-1"
            />
            <SelectField
              label="Situação"
              value={archived}
              onChange={(event) => set('archived', event.target.value, 'false')}
            >
              {Object.entries(SITUATIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <SelectField label="Ordenar por" value={sort} onChange={(event) => set('sort', event.target.value, 'name')}>
              {Object.entries(SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          <div aria-busy={list.isFetching || undefined} className="flex flex-col gap-4">
            {list.data && list.data.total > 0 && <PatientList patients={list.data.items} />}
            {list.data?.total === 0 && (
              <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
                Nenhum paciente encontrado. Confira a busca ou a situação escolhida.
              </p>
            )}
            {list.data && (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                onPageChange={(next) => set('page', String(next), '1')}
                noun="pacientes"
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}
