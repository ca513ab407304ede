import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConsultationList } from '../../../components/ui/consultation-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { Pagination, useClampPage } from '../../../components/ui/pagination';
import { useConsultations } from '../../../lib/api/list-consultations';
import { useLicenses } from '../../../lib/api/list-licenses';
import { useMySpecializations } from '../../../lib/api/list-my-specializations';
import { readApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/use-session';
import { ConsultationFilters } from '../components/consultation-filters';
import { greetingFor, greetingName } from '../components/greeting';
import { useHomeFilters } from '../components/use-home-filters';

// The dialog brings the forms and the contract's schemas (zod): loaded when first asked for, not with home.
const loadDialog = () => import('../components/new-consultation-dialog');
const NewConsultationDialog = lazy(() => loadDialog().then((m) => ({ default: m.NewConsultationDialog })));

export function HomePage() {
  const { user } = useSession();
  const firstName = greetingName(user?.name ?? '');
  const home = useHomeFilters();
  const list = useConsultations(home.query);
  const [isCreating, setIsCreating] = useState(false);
  const isEmpty = list.data?.total === 0 && !home.hasFilters;
  const isProfileIncomplete = useIsProfileIncomplete();
  useClampPage(home.page, list.data, (lastPage) => home.setPage(lastPage, { replace: true }));

  const newButton = (
    <Button onClick={() => setIsCreating(true)} onPointerEnter={() => void loadDialog()} className="h-11 px-5">
      <Icon name="plus" className="size-5" /> Nova consulta
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">
            {greetingFor(new Date().getHours())}, {firstName}!
          </h1>
          <p className="mt-2 text-lg text-muted">Que bom ter você aqui. Prepare-se para a próxima consulta.</p>
        </div>
        {!isEmpty && newButton}
      </header>
      {list.isError && <Alert tone="error">{readApiError(list.error).message}</Alert>}
      {isEmpty ? (
        <EmptyState icon="stethoscope" title="Nenhuma consulta ainda" actions={newButton}>
          <p>
            Comece pela primeira: em “Nova consulta” você escolhe o paciente (ou o cadastra na hora), registra a queixa
            principal e o contexto. A transcrição, as evidências e a anamnese ficam reunidas na página da consulta.
          </p>
          {isProfileIncomplete && (
            <p className="mt-3 text-sm">
              Dica: complete seu{' '}
              <Link to="/user/profile" className="font-medium text-accent-ink underline-offset-2 hover:underline">
                perfil profissional
              </Link>{' '}
              (registro no conselho e especialidade) para que as anamneses saiam no formato certo.
            </p>
          )}
        </EmptyState>
      ) : (
        <section aria-labelledby="consultations-title" className="flex flex-col gap-4">
          <h2 id="consultations-title" className="text-xl font-semibold">
            Suas consultas
          </h2>
          {(list.data !== undefined || home.hasFilters) && (
            <ConsultationFilters
              filters={home.filters}
              rangeError={home.rangeError}
              hasFilters={home.hasFilters}
              onChange={home.update}
              onClear={home.clear}
            />
          )}
          <div aria-busy={list.isFetching || undefined} className="flex flex-col gap-4">
            {list.isPending && <ListSkeleton />}
            {list.data && list.data.total > 0 && (
              <ConsultationList label="Consultas" items={list.data.items} showsPatient />
            )}
            {list.data?.total === 0 && (
              <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
                Nenhuma consulta corresponde aos filtros. Ajuste a busca ou limpe os filtros.
              </p>
            )}
            {list.data && (
              <Pagination
                page={home.page}
                pageSize={list.data.page_size}
                total={list.data.total}
                onPageChange={home.setPage}
                noun="consultas"
              />
            )}
          </div>
        </section>
      )}
      {isCreating && (
        <Suspense fallback={null}>
          <NewConsultationDialog onClose={() => setIsCreating(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** A profile without a council registration or a specialization leaves the anamnesis without its format. */
function useIsProfileIncomplete(): boolean {
  const licenses = useLicenses();
  const specializations = useMySpecializations();
  return licenses.data?.length === 0 || specializations.data?.length === 0;
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-px overflow-hidden rounded-2xl border border-line" aria-hidden>
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-[76px] animate-pulse bg-surface" />
      ))}
    </div>
  );
}
