import type { TAnalyticsInterval } from '@escriba/contract';

/** The ranges offered in one click; `custom` takes its days from the address. */
export const RANGE_PRESETS = {
  '7d': { label: 'Últimos 7 dias', days: 7 },
  '30d': { label: '30 dias', days: 30 },
  '90d': { label: '90 dias', days: 90 },
  '12m': { label: '12 meses', days: 365 },
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
export type RangeChoice = RangePreset | 'custom';

export const DEFAULT_PRESET: RangePreset = '30d';

export interface AnalyticsRange {
  choice: RangeChoice;
  from: string;
  to: string;
  interval: TAnalyticsInterval;
}

// The server counts days on Brasília time, so "today" is Brasília's, whatever the browser's clock says.
const brasiliaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function todayInBrasilia(now = new Date()): string {
  return brasiliaDay.format(now);
}

/** `day` moved by `days` calendar days (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The preset's days, ending today (included). */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - RANGE_PRESETS[preset].days), to: today };
}

const isPreset = (value: string | null): value is RangePreset => value !== null && value in RANGE_PRESETS;
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The range the address asks for: `range` (a preset, or `custom` with `from` and `to`) and `interval`.
 * Anything missing or malformed falls back to the default preset by day; a custom range is passed
 * on as typed, for the server to judge.
 */
export function readRange(params: URLSearchParams, today: string): AnalyticsRange {
  const interval: TAnalyticsInterval = params.get('interval') === 'week' ? 'week' : 'day';
  const range = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  if (range === 'custom' && isDay(from) && isDay(to)) return { choice: 'custom', from, to, interval };
  const preset = isPreset(range) ? range : DEFAULT_PRESET;
  return { choice: preset, ...presetRange(preset, today), interval };
}

/** The address of a range: a preset carries no dates, so a bookmark keeps meaning "the last 30 days". */
export function rangeParams(range: Omit<AnalyticsRange, 'from' | 'to'> & Partial<AnalyticsRange>): URLSearchParams {
  const params = new URLSearchParams({ range: range.choice });
  if (range.choice === 'custom' && range.from && range.to) {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  if (range.interval === 'week') params.set('interval', 'week');
  return params;
}
