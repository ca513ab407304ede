import { ZCreditMovementKind, type TCreditMovementKind } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { anamnesisVersions } from './anamnesis';
import { isOneOf } from './checks';
import { documents } from './documents';
import { users } from './users';

/** Grants made once per account, by a key of their own rather than by their reason text. */
export type CreditGrantKey = 'sign_up';

/**
 * The credits ledger. `users.credits` is its running sum, changed in the same transaction as each
 * movement (the balance check of a spend is `credits >= cost` in that update). A refund names the
 * spend it returns; the unique index makes it happen once.
 */
export const creditMovements = pgTable(
  'credit_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TCreditMovementKind>().notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    anamnesisId: uuid('anamnesis_id').references(() => anamnesisVersions.id, { onDelete: 'set null' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    refundOf: uuid('refund_of'),
    /** What a movement granted once per account is for (`sign_up`); the unique index makes it once. */
    grantKey: text('grant_key').$type<CreditGrantKey>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_movements_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('credit_movements_refund_once').on(table.refundOf),
    uniqueIndex('credit_movements_grant_once')
      .on(table.userId, table.grantKey)
      .where(sql`${table.grantKey} is not null`),
    index('credit_movements_anamnesis_idx').on(table.anamnesisId),
    index('credit_movements_document_idx').on(table.documentId),
    index('credit_movements_actor_idx').on(table.actorId),
    check('credit_movements_kind_known', isOneOf(table.kind, ZCreditMovementKind.options)),
  ],
);
