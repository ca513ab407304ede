import {
  ANALYTICS_METRIC_LABELS,
  ANALYTICS_METRICS,
  type TAnalyticsInterval,
  type TAnalyticsMetric,
  type TAnalyticsPoint,
} from '@escriba/contract';
import { formatCalendarDay } from '../../../lib/format';

export interface MetricSummary {
  metric: TAnalyticsMetric;
  label: string;
  /** "Total" for counts; active users are people, not events: a day's peak, not a sum that counts them twice. */
  summaryLabel: string;
  summary: number;
}

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const minutes = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

/** A metric's value as pt-BR reads it: "1.234", minutes with one decimal ("12,5"). */
export function formatMetric(metric: TAnalyticsMetric, value: number): string {
  return (metric === 'transcribed_minutes' ? minutes : integer).format(value);
}

/** A period for the chart's axis: "05/03". */
export function formatPeriodShort(period: string): string {
  return shortDay.format(new Date(`${period}T00:00:00Z`));
}

/** A period for the table and the tooltip: "05/03/2026", or "Semana de 02/03/2026". */
export function formatPeriod(period: string, interval: TAnalyticsInterval): string {
  const day = formatCalendarDay(period);
  return interval === 'week' ? `Semana de ${day}` : day;
}

export function summarize(points: TAnalyticsPoint[], interval: TAnalyticsInterval): MetricSummary[] {
  return ANALYTICS_METRICS.map((metric) => {
    const values = points.map((point) => point[metric]);
    const isPeak = metric === 'active_users';
    return {
      metric,
      label: ANALYTICS_METRIC_LABELS[metric],
      summaryLabel: isPeak ? (interval === 'week' ? 'Pico em uma semana' : 'Pico em um dia') : 'Total',
      summary: isPeak ? Math.max(0, ...values) : values.reduce((sum, value) => sum + value, 0),
    };
  });
}

/** Nothing happened in the range: every metric of every period is zero. */
export function isEmptyRange(points: TAnalyticsPoint[]): boolean {
  return points.every((point) => ANALYTICS_METRICS.every((metric) => point[metric] === 0));
}
