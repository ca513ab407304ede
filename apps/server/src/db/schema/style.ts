import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { consultations } from './consultations';
import { users } from './users';

/**
 * A professional's writing preferences: learned from her edits (`learned_at`) or written by her, followed by her
 * generations while `enabled`. No row is the same as an empty, enabled list.
 */
export const stylePreferences = pgTable('style_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<string[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  learnedAt: timestamp('learned_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StylePreferencesRow = typeof stylePreferences.$inferSelect;

/**
 * What a professional changed in a field the assistant wrote: its text as generated and as she left it. One row per
 * generated text; her later edits of the same text update `final_text`. `learned` is false until a derivation of
 * her preferences has counted it. Gone with the consultation.
 */
export const styleEditPairs = pgTable(
  'style_edit_pairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    fieldId: text('field_id').notNull(),
    generatedText: text('generated_text').notNull(),
    finalText: text('final_text').notNull(),
    learned: boolean('learned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('style_edit_pairs_user_updated_idx').on(table.userId, table.updatedAt),
    index('style_edit_pairs_consultation_field_idx').on(table.consultationId, table.fieldId, table.createdAt),
    // The derivation's trigger counts what is not learned yet.
    index('style_edit_pairs_unlearned_idx')
      .on(table.userId)
      .where(sql`not ${table.learned}`),
  ],
);

export type StyleEditPairRow = typeof styleEditPairs.$inferSelect;
