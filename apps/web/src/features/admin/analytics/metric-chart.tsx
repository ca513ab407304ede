import type { TAnalyticsInterval, TAnalyticsPoint } from '@escriba/contract';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatCalendarDay } from '../../../lib/format';
import { formatMetric, formatPeriod, formatPeriodShort, type MetricSummary } from './analytics-format';

interface MetricChartProps {
  summary: MetricSummary;
  points: TAnalyticsPoint[];
  interval: TAnalyticsInterval;
  from: string;
  to: string;
}

/** One metric over the range: its total, a bar chart, and the same numbers as a table on request. */
export function MetricChart({ summary, points, interval, from, to }: MetricChartProps) {
  const { metric, label } = summary;
  const [isTable, setIsTable] = useState(false);
  const headingId = useId();
  const caption = `${label} ${interval === 'week' ? 'por semana' : 'por dia'}, de ${formatCalendarDay(from)} a ${formatCalendarDay(to)}`;
  const format = (value: number) => formatMetric(metric, value);

  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4">
      <header className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-semibold">
            {label}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {summary.summaryLabel}:{' '}
            <strong className="text-2xl font-semibold text-ink tabular-nums">{format(summary.summary)}</strong>
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => setIsTable(!isTable)}>
          {isTable ? 'Ver como gráfico' : 'Ver como tabela'}
        </Button>
      </header>
      {isTable ? (
        <div className="max-h-56 overflow-y-auto rounded-lg border border-line">
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-subtle text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {interval === 'week' ? 'Semana' : 'Dia'}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {label}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.period} className="border-t border-line">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {formatPeriod(point.period, interval)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{format(point[metric])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        // The table view is the chart's full reading for keyboards and screen readers; the picture is
        // named by what it shows, without recharts' own focusable layer inside it.
        <div role="img" aria-label={caption} className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={points} margin={{ top: 4, right: 4, bottom: 0, left: -12 }}>
              <CartesianGrid vertical={false} stroke="var(--line)" />
              <XAxis
                dataKey="period"
                tickFormatter={formatPeriodShort}
                tick={{ fill: 'var(--muted)', fontSize: 12 }}
                tickLine={false}
                axisLine={{ stroke: 'var(--line)' }}
                minTickGap={16}
              />
              <YAxis
                allowDecimals={metric === 'transcribed_minutes'}
                tickFormatter={format}
                tick={{ fill: 'var(--muted)', fontSize: 12 }}
                tickLine={false}
                axisLine={false}
                width={48}
              />
              <Tooltip
                cursor={{ fill: 'var(--subtle)' }}
                labelFormatter={(period) => (typeof period === 'string' ? formatPeriod(period, interval) : '')}
                formatter={(value) => [format(Number(value)), label]}
                contentStyle={{
                  background: 'var(--surface)',
                  border: '1px solid var(--line)',
                  borderRadius: 8,
                  color: 'var(--ink)',
                }}
              />
              <Bar dataKey={metric} fill="var(--color-accent-500)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}
