import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { formatCalendarDay } from '../../../lib/format';
import { isEmptyRange, summarize } from './analytics-format';
import { rangeParams, readRange, todayInBrasilia } from './analytics-range';
import { useAnalytics } from './get-analytics';
import { MetricChart } from './metric-chart';
import { RangePicker } from './range-picker';

/** A failed request as a sentence: a refused range names what is wrong with it. */
function errorMessage(error: unknown): string {
  const info = readApiError(error);
  const fields = Object.values(info.fieldErrors);
  return info.status === 422 && fields.length > 0 ? `Período inválido: ${fields.join(' ')}` : info.message;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const range = readRange(params, todayInBrasilia());
  const analytics = useAnalytics({ from: range.from, to: range.to, interval: range.interval });
  const data = analytics.isError ? undefined : analytics.data;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Indicadores</h1>
        <p className="mt-2 text-lg text-muted">
          Uso do Escriba de {formatCalendarDay(range.from)} a {formatCalendarDay(range.to)}, em dias de Brasília.
        </p>
      </header>
      <Card>
        <RangePicker range={range} onChange={(next) => setParams(rangeParams(next), { replace: true })} />
      </Card>
      {analytics.isError && <Alert tone="error">{errorMessage(analytics.error)}</Alert>}
      {analytics.isFetching && data && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Icon name="loader-circle" className="size-4 animate-spin" /> Atualizando os números…
        </p>
      )}
      {analytics.isPending && <LoadingCharts />}
      {data &&
        (isEmptyRange(data.points) ? (
          <EmptyState icon="chart-line" title="Nada registrado neste período">
            Nenhum cadastro, consulta, geração ou falha entre {formatCalendarDay(data.from)} e{' '}
            {formatCalendarDay(data.to)}. Escolha um período maior.
          </EmptyState>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            {summarize(data.points, data.interval).map((summary) => (
              <MetricChart
                key={summary.metric}
                summary={summary}
                points={data.points}
                interval={data.interval}
                from={data.from}
                to={data.to}
              />
            ))}
          </div>
        ))}
    </div>
  );
}

function LoadingCharts() {
  return (
    <div role="status" aria-label="Carregando os números" className="grid gap-6 lg:grid-cols-2">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="h-80 animate-pulse rounded-2xl border border-line bg-surface" />
      ))}
    </div>
  );
}
