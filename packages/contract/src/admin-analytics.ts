import { z } from 'zod';
import { ZSearchDay } from './user';

export const ANALYTICS_METRICS = [
  'sign_ups',
  'active_users',
  'consultations',
  'transcribed_minutes',
  'generations',
  'credits_spent',
  'provider_failures',
] as const;
export const ZAnalyticsMetric = z.enum(ANALYTICS_METRICS);
export type TAnalyticsMetric = z.infer<typeof ZAnalyticsMetric>;

export const ANALYTICS_METRIC_LABELS: Record<TAnalyticsMetric, string> = {
  sign_ups: 'Cadastros',
  active_users: 'Usuários ativos',
  consultations: 'Consultas',
  transcribed_minutes: 'Minutos transcritos',
  generations: 'Gerações de anamnese',
  credits_spent: 'Créditos gastos',
  provider_failures: 'Falhas de provedores',
};

export const ZAnalyticsInterval = z.enum(['day', 'week'], 'Use day ou week');
export type TAnalyticsInterval = z.infer<typeof ZAnalyticsInterval>;

/** The longest range one request covers, per interval: a year of days, two years of weeks. */
export const ANALYTICS_MAX_DAYS: Record<TAnalyticsInterval, number> = { day: 366, week: 731 };

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * GET /admin/analytics?from=&to=&interval=day|week: days on Brasília time, both included; weeks
 * start on Monday.
 */
export const ZAnalyticsQuery = z
  .strictObject({ from: ZSearchDay, to: ZSearchDay, interval: ZAnalyticsInterval.default('day') })
  .superRefine((query, context) => {
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'A data final vem antes da inicial' });
    else if (days > ANALYTICS_MAX_DAYS[query.interval]) {
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: `Período longo demais para interval=${query.interval}: no máximo ${ANALYTICS_MAX_DAYS[query.interval]} dias`,
      });
    }
  });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/**
 * One period: `active_users` logged in, used the app or made or changed a consultation; `transcribed_minutes` of
 * audio transcribed; `generations` of notes or fields requested; `credits_spent` net of refunds;
 * `provider_failures`: audio chunks and generations that failed.
 */
export const ZAnalyticsPoint = z.object({
  /** The first day of the period. */
  period: z.iso.date(),
  sign_ups: z.number().int(),
  active_users: z.number().int(),
  consultations: z.number().int(),
  transcribed_minutes: z.number(),
  generations: z.number().int(),
  credits_spent: z.number().int(),
  provider_failures: z.number().int(),
});
export type TAnalyticsPoint = z.infer<typeof ZAnalyticsPoint>;

export const ZAnalytics = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  interval: ZAnalyticsInterval,
  time_zone: z.string(),
  points: z.array(ZAnalyticsPoint),
});
export type TAnalytics = z.infer<typeof ZAnalytics>;
