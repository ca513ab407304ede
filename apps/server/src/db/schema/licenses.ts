import type { TBrazilianState } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { licenseTypes, specializations } from './reference';
import { users } from './users';

export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenseTypeId: integer('license_type_id')
      .notNull()
      .references(() => licenseTypes.id),
    number: text('number').notNull(),
    state: text('state').$type<TBrazilianState>().notNull(),
    rqe: text('rqe'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('licenses_user_id_idx').on(table.userId),
    uniqueIndex('licenses_user_registration_key').on(table.userId, table.licenseTypeId, table.state, table.number),
    // The database itself guarantees at most one primary license per user.
    uniqueIndex('licenses_one_primary_per_user')
      .on(table.userId)
      .where(sql`${table.isPrimary}`),
  ],
);

export const userSpecializations = pgTable(
  'user_specializations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specializationId: integer('specialization_id')
      .notNull()
      .references(() => specializations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.specializationId] })],
);
