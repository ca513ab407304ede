import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A professional's A1 certificate, one at most, and whether its chain reaches an ICP-Brasil root. The .pfx is kept
 * sealed with a server key (platform/secrets/, SECRETS_KEY) on top of its own password, which is never stored; the rest is what the
 * certificate said of itself when it was uploaded, to show without opening it.
 */
export const userCertificates = pgTable('user_certificates', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedFile: text('sealed_file').notNull(),
  holderName: text('holder_name').notNull(),
  cpf: text('cpf'),
  issuer: text('issuer').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  /** Whether the chain reached an ICP-Brasil root with the key usage to sign (checked at upload and each signing). */
  icpBrasil: boolean('icp_brasil').notNull().default(false),
  /** Why not, in words for the professional; null when it is ICP-Brasil's. */
  icpBrasilProblem: text('icp_brasil_problem'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserCertificateRow = typeof userCertificates.$inferSelect;
