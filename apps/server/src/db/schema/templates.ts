import type { TTemplateField } from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Anamnesis templates. `owner_id` null: managed by administrators, offered to everyone once
 * `published`; otherwise a professional's own. Fields are kept in order in one jsonb array, so a
 * reorder or a field edit is one row update under the row's lock.
 */
export const anamnesisTemplates = pgTable(
  'anamnesis_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    specializationId: integer('specialization_id'),
    published: boolean('published').notNull().default(false),
    sourceTemplateId: uuid('source_template_id'),
    fields: jsonb('fields').$type<TTemplateField[]>().notNull(),
    // Templates shipped with the product: seeded once by this key, then administrators own them.
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('anamnesis_templates_owner_idx').on(table.ownerId, table.name),
    index('anamnesis_templates_published_idx')
      .on(table.specializationId)
      .where(sql`${table.published}`),
    uniqueIndex('anamnesis_templates_seed_key').on(table.seedKey),
  ],
);

export type AnamnesisTemplateRow = typeof anamnesisTemplates.$inferSelect;
