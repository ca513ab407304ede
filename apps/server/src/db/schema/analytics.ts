import { bigint, date, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The admin analytics, counted as the data is written: database triggers (migration 0012) add each
 * row's share to its Brasília day when it is inserted, changed or removed, in the same transaction.
 * A day has a few rows (`shard`, by connection) so that concurrent writers rarely wait on one row;
 * a period is the sum of its days.
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    day: date('day').notNull(),
    shard: smallint('shard').notNull(),
    signUps: integer('sign_ups').notNull().default(0),
    consultations: integer('consultations').notNull().default(0),
    transcribedMs: bigint('transcribed_ms', { mode: 'number' }).notNull().default(0),
    generations: integer('generations').notNull().default(0),
    creditsSpent: integer('credits_spent').notNull().default(0),
    providerFailures: integer('provider_failures').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.shard] })],
);

/**
 * Each day and each Monday-based week in which a user logged in, used a session or changed a
 * consultation. Distinct users cannot be summed across days, so weeks are kept too.
 */
export const userActivePeriods = pgTable(
  'user_active_periods',
  {
    unit: text('unit').$type<'day' | 'week'>().notNull(),
    period: date('period').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.unit, table.period, table.userId] })],
);

/** How many rows of user_active_periods each period has, kept by a trigger on that table. */
export const analyticsActiveUsers = pgTable(
  'analytics_active_users',
  {
    unit: text('unit').$type<'day' | 'week'>().notNull(),
    period: date('period').notNull(),
    activeUsers: integer('active_users').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.unit, table.period] })],
);
