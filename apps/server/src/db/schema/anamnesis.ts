import type {
  TAnamnesisField,
  TAnamnesisProvenance,
  TAnamnesisStatus,
  TAnamnesisVersionKind,
  TTemplateField,
} from '@escriba/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { consultations } from './consultations';
import { users } from './users';

/**
 * Every version of a consultation's note, numbered from 1. A version is written once when it is
 * accepted (`generating`) and completed once (`ready` with every field, or `failed`): a half-broken
 * note is never stored as ready. Edits, regenerations and rewrites are new versions.
 */
export const anamnesisVersions = pgTable(
  'anamnesis_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind').$type<TAnamnesisVersionKind>().notNull(),
    status: text('status').$type<TAnamnesisStatus>().notNull(),
    fieldId: text('field_id'),
    instruction: text('instruction'),
    templateId: uuid('template_id').notNull(),
    templateFields: jsonb('template_fields').$type<TTemplateField[]>().notNull(),
    fields: jsonb('fields').$type<TAnamnesisField[]>().notNull().default([]),
    failure: text('failure'),
    provenance: jsonb('provenance').$type<TAnamnesisProvenance>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('anamnesis_versions_consultation_version').on(table.consultationId, table.version),
    index('anamnesis_versions_status_idx').on(table.status),
  ],
);

export type AnamnesisVersionRow = typeof anamnesisVersions.$inferSelect;
