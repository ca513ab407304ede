import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A professional's A1 certificate (ICP-Brasil), one at most. The .pfx is kept sealed with a server key
 * (platform/secrets/, SECRETS_KEY) on top of its own password, which is never stored; the rest is what the
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserCertificateRow = typeof userCertificates.$inferSelect;
