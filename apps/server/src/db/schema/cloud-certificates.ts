import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * PSC providers made on the System page (those of PSC_PROVIDERS live in the environment alone). The client secret
 * is sealed with SECRETS_KEY (platform/secrets/) and never answered back.
 */
export const pscProviders = pgTable('psc_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  clientId: text('client_id').notNull(),
  sealedClientSecret: text('sealed_client_secret').notNull(),
  maxLifetimeSeconds: integer('max_lifetime_seconds').notNull(),
  push: boolean('push').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A professional's cloud certificate, one at most: what its certificate discovery said of it (to show without
 * asking the provider) and her authorisation's access token, sealed, until it expires or she disconnects. The
 * provider id names no row: a provider of PSC_PROVIDERS has none.
 */
export const cloudCertificates = pgTable('cloud_certificates', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerId: text('provider_id').notNull(),
  certificateAlias: text('certificate_alias').notNull(),
  holderName: text('holder_name').notNull(),
  cpf: text('cpf'),
  issuer: text('issuer').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  icpBrasil: boolean('icp_brasil').notNull(),
  icpBrasilProblem: text('icp_brasil_problem'),
  /** Null once the authorisation expired or the provider refused it: signing then asks her to authorise again. */
  sealedAccessToken: text('sealed_access_token'),
  authorizedUntil: timestamp('authorized_until', { withTimezone: true }),
  returnTo: text('return_to'),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An authorisation begun at a provider and not yet finished: its PKCE verifier (sealed) waits for the code the
 * provider sends back with `state`. One per professional; ten minutes to finish it.
 */
export const cloudAuthorizations = pgTable('cloud_authorizations', {
  state: text('state').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerId: text('provider_id').notNull(),
  certificateAlias: text('certificate_alias').notNull(),
  lifetimeSeconds: integer('lifetime_seconds').notNull(),
  sealedCodeVerifier: text('sealed_code_verifier').notNull(),
  /** A push's code at the provider, which its authentications endpoint answers for; null for a redirect. */
  pushCode: text('push_code'),
  returnTo: text('return_to'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PscProviderRow = typeof pscProviders.$inferSelect;
export type CloudCertificateRow = typeof cloudCertificates.$inferSelect;
export type CloudAuthorizationRow = typeof cloudAuthorizations.$inferSelect;
