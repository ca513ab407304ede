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
 * database (a period is a day or a Monday-based week on Brasília time), and periods with nothing
 * are zeros. The range is inclusive and clips the first and last weeks.
 */
export async function analyticsFor(db: Database, query: TAnalyticsQuery): Promise<TAnalytics> {
  const zone = BRAZIL_TIME_ZONE;
  const unit = query.interval;
  // Instants bounding the range: midnight of `from` and of the day after `to`, Brasília time.
  const start = sql`(${query.from}::date::timestamp at time zone ${zone})`;
  const end = sql`((${query.to}::date + 1)::timestamp at time zone ${zone})`;
  const period = (column: SQL) => sql`date_trunc(${unit}, ${column} at time zone ${zone})::date`;
  const within = (column: SQL) => sql`${column} >= ${start} and ${column} < ${end}`;
  const counted = (name: string, column: SQL, from: SQL, where: SQL = sql`true`, value: SQL = sql`count(*)`) =>
    sql`select ${period(column)} as period, ${value} as ${sql.identifier(name)}
        from ${from} where ${within(column)} and ${where} group by 1`;

  const statement = sql`
    with periods as (
      select generate_series(date_trunc(${unit}, ${query.from}::timestamp), ${query.to}::timestamp, ('1 ' || ${unit})::interval)::date as period
    ),
    sign_ups as (${counted('n', sql`created_at`, sql`users`)}),
    active_users as (
      select period, count(distinct user_id) as n from (
        select ${period(sql`created_at`)} as period, user_id from sessions where ${within(sql`created_at`)}
        union all
        select ${period(sql`updated_at`)} as period, user_id from consultations where ${within(sql`updated_at`)}
      ) activity group by period
    ),
    consultations_made as (${counted('n', sql`created_at`, sql`consultations`)}),
    transcribed as (${counted('seconds', sql`transcribed_at`, sql`transcript_chunks`, sql`status = 'done'`, sql`coalesce(sum(duration), 0)`)}),
    generations as (${counted('n', sql`created_at`, sql`anamnesis_versions`, sql`kind <> 'edit'`)}),
    credits_spent as (${counted('n', sql`created_at`, sql`credit_movements`, sql`kind in ('spend', 'refund')`, sql`-sum(amount)`)}),
    failures as (
      select period, sum(n) as n from (
        ${counted('n', sql`created_at`, sql`transcript_chunks`, sql`status = 'failed'`)}
        union all
        ${counted('n', sql`created_at`, sql`anamnesis_versions`, sql`status = 'failed'`)}
      ) failed group by period
    )
    select to_char(periods.period, 'YYYY-MM-DD') as period,
      coalesce(sign_ups.n, 0)::int as sign_ups,
      coalesce(active_users.n, 0)::int as active_users,
      coalesce(consultations_made.n, 0)::int as consultations,
      coalesce(transcribed.seconds, 0)::float8 as transcribed_seconds,
      coalesce(generations.n, 0)::int as generations,
      coalesce(credits_spent.n, 0)::int as credits_spent,
      coalesce(failures.n, 0)::int as provider_failures
    from periods
      left join sign_ups using (period)
      left join active_users using (period)
      left join consultations_made using (period)
      left join transcribed using (period)
      left join generations using (period)
      left join credits_spent using (period)
      left join failures using (period)
    order by periods.period`;
  // drizzle types raw results per driver (PGlite, node-postgres); both answer { rows }.
  const result: unknown = await db.execute(statement);
  const { rows } = result as { rows: PointRow[] };
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    time_zone: zone,
    points: rows.map(toPoint),
  };
}

function toPoint({ transcribed_seconds, ...row }: PointRow): TAnalyticsPoint {
  return { ...row, transcribed_minutes: Math.round((transcribed_seconds / 60) * 10) / 10 };
}
