import type { TDependencyHealth, TJobFailure } from '@escriba/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { HealthCard } from './health-card';
import { PscProvidersCard } from './psc-providers-card';
import { QueueTable } from './queue-table';
import { useSystemStatus } from './system-api';
import { formatDuration, queueLabel } from './system-labels';

export function Component() {
  const status = useSystemStatus();
  const data = status.data;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Sistema</h1>
          <p className="mt-2 text-lg text-muted">
            Saúde dos serviços e das filas de trabalho, atualizada a cada 30 segundos.
          </p>
        </div>
        <div className="flex items-center gap-3">
          {status.dataUpdatedAt > 0 && (
            <p className="text-sm text-muted">Lido às {new Date(status.dataUpdatedAt).toLocaleTimeString('pt-BR')}</p>
          )}
          <Button variant="secondary" isLoading={status.isFetching} onClick={() => void status.refetch()}>
            {!status.isFetching && <Icon name="refresh-cw" className="size-4" />} Atualizar
          </Button>
        </div>
      </header>
      {status.isError && <Alert tone="error">{readApiError(status.error).message}</Alert>}
      {status.isPending && (
        <div role="status" aria-label="Carregando o estado do sistema" className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-24 animate-pulse rounded-2xl border border-line bg-surface" />
          ))}
        </div>
      )}
      {data && (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Fact label="Versão" value={data.version} note={`Node ${data.node_version}`} />
            <Fact label="No ar há" value={formatDuration(data.uptime_seconds)} />
            <Fact label="Iniciado em" value={formatDateTime(data.started_at)} />
          </dl>
          <HealthSection title="Serviços" items={data.dependencies} />
          <HealthSection title="Provedores de IA" items={data.providers} />
          <Card aria-labelledby="system-queues">
            <CardHeader
              id="system-queues"
              title="Filas de trabalho"
              description="Trabalhos esperando, rodando e que falharam de vez."
            />
            <QueueTable queues={data.queues} />
          </Card>
          <Card aria-labelledby="system-failures">
            <CardHeader id="system-failures" title="Falhas recentes" />
            <RecentFailures failures={data.recent_failures} />
          </Card>
          <PscProvidersCard />
        </>
      )}
    </div>
  );
}

function Fact({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-muted">{note}</dd>}
    </div>
  );
}

function HealthSection({ title, items }: { title: string; items: TDependencyHealth[] }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((health) => (
          <HealthCard key={health.name} health={health} />
        ))}
      </ul>
    </section>
  );
}

function RecentFailures({ failures }: { failures: TJobFailure[] }) {
  if (failures.length === 0) return <p className="text-muted">Nenhum trabalho falhou de vez.</p>;
  return (
    <ul className="flex flex-col divide-y divide-line">
      {failures.map((failure) => (
        <li key={failure.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
          <div className="min-w-0">
            <p className="font-medium">{queueLabel(failure.queue)}</p>
            <p className="text-sm break-words text-danger">{failure.error ?? 'Sem mensagem de erro'}</p>
          </div>
          <p className="text-sm text-muted">{failure.failed_at ? formatDateTime(failure.failed_at) : '—'}</p>
        </li>
      ))}
    </ul>
  );
}
