import { BRAZIL_TIME_ZONE, type TAnalytics, type TAnalyticsPoint, type TAnalyticsQuery } from '@escriba/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

interface PointRow extends Record<string, unknown> {
  period: string;
  sign_ups: number;
  active_users: number;
  consultations: number;
  transcribed_seconds: number;
  generations: number;
  credits_spent: number;
  provider_failures: number;
}

/**
 * Every chart of the analytics page in one statement: each metric is counted per period by the
 * database (a period is a day or a Monday-based week on Brasília time); periods with nothing are
 * zeros. The range is inclusive and clips the first and last weeks.
 */
export async function analyticsFor(db: Database, query: TAnalyticsQuery): Promise<TAnalytics> {
  // A few thousand index range scans look costly to the planner, which would then spend more time
  // compiling the plan (JIT) than running it.
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

export function analyticsStatement(query: TAnalyticsQuery): SQL {
  const zone = BRAZIL_TIME_ZONE;
  const unit = query.interval;
  const step = sql`('1 ' || ${unit})::interval`;
  // Rows of `table` whose `column` falls in the period: a range scan of an index on `column`, so each
  // metric costs a btree descent per period plus the entries counted, with no per-row arithmetic.
  const inPeriod = (column: string) =>
    sql`${sql.identifier(column)} >= bounds.starts and ${sql.identifier(column)} < bounds.ends`;

  return sql`
    select to_char(bounds.period, 'YYYY-MM-DD') as period,
      (select count(*) from users where ${inPeriod('created_at')})::int as sign_ups,
      (select count(distinct user_id) from (
        select user_id from sessions where ${inPeriod('created_at')}
        union all
        select user_id from consultations where ${inPeriod('updated_at')}
      ) activity)::int as active_users,
      (select count(*) from consultations where ${inPeriod('created_at')})::int as consultations,
      (select coalesce(sum(duration), 0) from transcript_chunks
        where ${inPeriod('transcribed_at')} and status = 'done')::float8 as transcribed_seconds,
      (select count(*) from anamnesis_versions where ${inPeriod('created_at')} and kind <> 'edit')::int as generations,
      (select coalesce(-sum(amount), 0) from credit_movements
        where ${inPeriod('created_at')} and kind in ('spend', 'refund'))::int as credits_spent,
      ((select count(*) from transcript_chunks where ${inPeriod('created_at')} and status = 'failed')
        + (select count(*) from anamnesis_versions where ${inPeriod('created_at')} and status = 'failed'))::int
        as provider_failures
    from (
      -- Each period's first day and the instants bounding it on Brasília time, clipped to the range.
      select local_start::date as period,
        greatest(local_start, ${query.from}::timestamp) at time zone ${zone} as starts,
        least(local_start + ${step}, ${query.to}::timestamp + interval '1 day') at time zone ${zone} as ends
      from generate_series(date_trunc(${unit}, ${query.from}::timestamp), ${query.to}::timestamp, ${step}) as local_start
    ) bounds
    order by bounds.period`;
}

function toPoint({ transcribed_seconds, ...row }: PointRow): TAnalyticsPoint {
  return { ...row, transcribed_minutes: Math.round((transcribed_seconds / 60) * 10) / 10 };
}
