import {
  ZUserStatus,
  type TAddress,
  type TPractice,
  type TPreferences,
  type TScope,
  type TUserStatus,
} from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './checks';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // Accounts made by the system (the first administrator) have no CPF or phone.
    cpf: text('cpf'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<TUserStatus>().notNull().default('pending_verification'),
    scopes: text('scopes')
      .array()
      .$type<TScope[]>()
      .notNull()
      .default(sql`'{user}'::text[]`),
    credits: integer('credits').notNull().default(0),
    birthDate: date('birth_date'),
    address: jsonb('address').$type<TAddress>(),
    /** The "Local de atendimento" printed on the professional's documents. */
    practice: jsonb('practice').$type<TPractice>(),
    preferences: jsonb('preferences').$type<Partial<TPreferences>>().notNull().default({}),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_cpf_key').on(table.cpf),
    index('users_created_at_idx').on(table.createdAt),
    // Spends check the balance in their update (credit-ledger.ts); this makes a mistake there fail loudly.
    check('users_credits_not_negative', sql`${table.credits} >= 0`),
    check('users_status_known', isOneOf(table.status, ZUserStatus.options)),
  ],
);

export type UserRow = typeof users.$inferSelect;
