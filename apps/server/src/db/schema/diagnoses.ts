import type { TFieldSources } from '@escriba/contract';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cid10Codes } from './cid10';
import { consultations } from './consultations';

/**
 * The diagnostic hypotheses of a consultation's note, in the professional's order: each a real CID-10 code,
 * `suggested` when the model proposed it (with its `sources`), `confirmed` once the professional accepted it.
 */
export const consultationDiagnoses = pgTable(
  'consultation_diagnoses',
  {
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => cid10Codes.code),
    position: integer('position').notNull(),
    confirmed: boolean('confirmed').notNull(),
    suggested: boolean('suggested').notNull(),
    sources: jsonb('sources').$type<TFieldSources>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.consultationId, table.code] })],
);

export type ConsultationDiagnosisRow = typeof consultationDiagnoses.$inferSelect;
