import type { TAnalyticsPoint } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { formatMetric, formatPeriod, formatPeriodShort, isEmptyRange, summarize } from './analytics-format';
import { addDays, presetRange, rangeParams, readRange, todayInBrasilia } from './analytics-range';

const TODAY = '2026-03-10';

describe('analytics range', () => {
  it('counts "today" on Brasília time, whatever the browser clock', () => {
    // 01:30 UTC on the 11th is still 22:30 of the 10th in Brasília.
    expect(todayInBrasilia(new Date('2026-03-11T01:30:00Z'))).toBe('2026-03-10');
    expect(todayInBrasilia(new Date('2026-03-11T03:30:00Z'))).toBe('2026-03-11');
  });

  it('moves across months and leap days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('ends every preset today, with today included', () => {
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-03-04', to: TODAY });
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-02-09', to: TODAY });
    expect(presetRange('90d', TODAY)).toEqual({ from: '2025-12-11', to: TODAY });
    expect(presetRange('12m', TODAY)).toEqual({ from: '2025-03-11', to: TODAY });
  });

  it('reads presets, custom ranges and the interval from the address', () => {
    expect(readRange(new URLSearchParams(''), TODAY)).toEqual({
      choice: '30d',
      from: '2026-02-09',
      to: TODAY,
      interval: 'day',
    });
    expect(readRange(new URLSearchParams('range=7d&interval=week'), TODAY)).toMatchObject({
      choice: '7d',
      from: '2026-03-04',
      interval: 'week',
    });
    expect(readRange(new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31'), TODAY)).toEqual({
      choice: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      interval: 'day',
    });
  });

  it('falls back to the default preset on a broken address', () => {
    expect(readRange(new URLSearchParams('range=custom&from=ontem'), TODAY).choice).toBe('30d');
    expect(readRange(new URLSearchParams('range=5y&interval=month'), TODAY)).toMatchObject({
      choice: '30d',
      interval: 'day',
    });
  });

  it('writes presets without dates and custom ranges with them', () => {
    expect(rangeParams({ choice: '90d', interval: 'day' }).toString()).toBe('range=90d');
    expect(rangeParams({ choice: 'custom', from: '2026-01-01', to: '2026-02-01', interval: 'week' }).toString()).toBe(
      'range=custom&from=2026-01-01&to=2026-02-01&interval=week',
    );
  });
});

const point = (period: string, values: Partial<TAnalyticsPoint> = {}): TAnalyticsPoint => ({
  period,
  sign_ups: 0,
  active_users: 0,
  consultations: 0,
  transcribed_minutes: 0,
  generations: 0,
  credits_spent: 0,
  provider_failures: 0,
  ...values,
});

describe('analytics formatting', () => {
  it('writes numbers and periods as pt-BR', () => {
    expect(formatMetric('consultations', 12345)).toBe('12.345');
    expect(formatMetric('transcribed_minutes', 12.46)).toBe('12,5');
    expect(formatPeriodShort('2026-03-05')).toBe('05/03');
    expect(formatPeriod('2026-03-05', 'day')).toBe('05/03/2026');
    expect(formatPeriod('2026-03-02', 'week')).toBe('Semana de 02/03/2026');
  });

  it('totals each metric, but takes the peak of active users instead of counting them twice', () => {
    const points = [
      point('2026-03-01', { consultations: 3, active_users: 2, transcribed_minutes: 1.5 }),
      point('2026-03-02', { consultations: 4, active_users: 5, transcribed_minutes: 2 }),
    ];
    const byMetric = Object.fromEntries(summarize(points, 'day').map((each) => [each.metric, each]));
    expect(byMetric.consultations).toMatchObject({ label: 'Consultas', summaryLabel: 'Total', summary: 7 });
    expect(byMetric.transcribed_minutes?.summary).toBe(3.5);
    expect(byMetric.active_users).toMatchObject({ summaryLabel: 'Pico em um dia', summary: 5 });
    expect(summarize(points, 'week').find((each) => each.metric === 'active_users')?.summaryLabel).toBe(
      'Pico em uma semana',
    );
  });

  it('tells an empty range from a quiet one', () => {
    expect(isEmptyRange([point('2026-03-01'), point('2026-03-02')])).toBe(true);
    expect(isEmptyRange([point('2026-03-01', { provider_failures: 1 })])).toBe(false);
  });
});
