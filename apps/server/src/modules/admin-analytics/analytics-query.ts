import { BRAZIL_TIME_ZONE, type TAnalytics, type TAnalyticsPoint, type TAnalyticsQuery } from '@escriba/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

interface PointRow extends Record<string, unknown> {
  period: string;
  sign_ups: number;
  active_users: number;
  consultations: number;
  transcribed_ms: number;
  generations: number;
  credits_spent: number;
  provider_failures: number;
}

/**
 * Every chart of the analytics page in one statement over the counters the database keeps per
 * Brasília day (migration 0012): a period is a day or a Monday-based week; periods with nothing are
 * zeros. The range is inclusive and clips the first and last weeks.
 */
export async function analyticsFor(db: Database, query: TAnalyticsQuery): Promise<TAnalytics> {
  // A lateral join per period looks costly to the planner, which would then spend longer compiling
  // the plan (JIT) than running it. node-postgres and PGlite both answer with `rows`.
  const result: unknown = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(analyticsStatement(query));
  });
  const { rows } = result as { rows: PointRow[] };
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    time_zone: BRAZIL_TIME_ZONE,
    points: rows.map(toPoint),
  };
}

function analyticsStatement(query: TAnalyticsQuery): SQL {
  const unit = query.interval;
  return sql`
    select to_char(bounds.period, 'YYYY-MM-DD') as period,
      coalesce(totals.sign_ups, 0)::int as sign_ups,
      -- Distinct users do not add up across days: a whole period has its own count, a clipped
      -- week counts the users of its days.
      (case when bounds.first_day = bounds.period and bounds.last_day = bounds.period + ${step(unit)}::int - 1
        then coalesce((select active_users from analytics_active_users
          where unit = ${unit} and period = bounds.period), 0)
        else (select count(distinct user_id) from user_active_periods
          where unit = 'day' and period between bounds.first_day and bounds.last_day)
      end)::int as active_users,
      coalesce(totals.consultations, 0)::int as consultations,
      coalesce(totals.transcribed_ms, 0)::float8 as transcribed_ms,
      coalesce(totals.generations, 0)::int as generations,
      coalesce(totals.credits_spent, 0)::int as credits_spent,
      coalesce(totals.provider_failures, 0)::int as provider_failures
    from (
      select period::date, greatest(period::date, ${query.from}::date) as first_day,
        least(period::date + ${step(unit)}::int - 1, ${query.to}::date) as last_day
      from generate_series(date_trunc(${unit}, ${query.from}::timestamp), ${query.to}::timestamp, ('1 ' || ${unit})::interval)
        as period
    ) bounds
    left join lateral (
      select sum(sign_ups) as sign_ups, sum(consultations) as consultations, sum(transcribed_ms) as transcribed_ms,
        sum(generations) as generations, sum(credits_spent) as credits_spent,
        sum(provider_failures) as provider_failures
      from analytics_days where day between bounds.first_day and bounds.last_day
    ) totals on true
    order by bounds.period`;
}

/** The days in one period, to add to a date. */
const step = (unit: TAnalyticsQuery['interval']) => (unit === 'week' ? 7 : 1);

function toPoint({ transcribed_ms, ...row }: PointRow): TAnalyticsPoint {
  return { ...row, transcribed_minutes: Math.round(transcribed_ms / 6_000) / 10 };
}
