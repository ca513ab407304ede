import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-side secrets shared by every instance, created once on first start (never the seal key: platform/secrets/). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
