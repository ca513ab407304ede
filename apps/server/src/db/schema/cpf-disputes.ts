import type { TCpfDisputeResolution } from '@escriba/contract';
import { ZCpfDisputeResolution } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './checks';
import { users } from './users';

/** `unconfirmed` until the claimant follows the mailed link with her password; only `open` ones reach the administrators. */
export const CPF_DISPUTE_STATUSES = ['unconfirmed', 'open', 'resolved'] as const;
export type CpfDisputeStatus = (typeof CPF_DISPUTE_STATUSES)[number];

/**
 * A sign-up whose CPF a registered account with another e-mail holds (README "Account rules"): what
 * the claimant typed, kept so that her account can be made if the administrators give her the CPF.
 */
export const cpfDisputes = pgTable(
  'cpf_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cpf: text('cpf').notNull(),
    holderUserId: uuid('holder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimantEmail: text('claimant_email').notNull(),
    claimantName: text('claimant_name').notNull(),
    claimantPhone: text('claimant_phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    status: text('status').$type<CpfDisputeStatus>().notNull().default('unconfirmed'),
    resolution: text('resolution').$type<TCpfDisputeResolution>(),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('cpf_disputes_code_hash_key').on(table.codeHash),
    index('cpf_disputes_holder_idx').on(table.holderUserId),
    index('cpf_disputes_claimant_email_idx').on(table.claimantEmail),
    // One open dispute per claimant and CPF: following a second link while one is open changes nothing.
    uniqueIndex('cpf_disputes_open_key')
      .on(table.cpf, table.claimantEmail)
      .where(sql`${table.status} = 'open'`),
    check('cpf_disputes_status_known', isOneOf(table.status, CPF_DISPUTE_STATUSES)),
    check('cpf_disputes_resolution_known', isOneOf(table.resolution, ZCpfDisputeResolution.options)),
    check(
      'cpf_disputes_resolved_has_resolution',
      sql`(${table.status} = 'resolved') = (${table.resolution} is not null)`,
    ),
  ],
);

export type CpfDisputeRow = typeof cpfDisputes.$inferSelect;
