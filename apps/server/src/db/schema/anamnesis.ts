import {
  ZAnamnesisStatus,
  ZAnamnesisVersionKind,
  type TAnamnesisField,
  type TAnamnesisProvenance,
  type TAnamnesisStatus,
  type TAnamnesisVersionKind,
  type TTemplateField,
} from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from './checks';
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
    // Only generations in progress are looked up by status (the workers' start-up sweep).
    index('anamnesis_versions_generating_idx')
      .on(table.status)
      .where(sql`${table.status} = 'generating'`),
    index('anamnesis_versions_user_idx').on(table.userId),
    check('anamnesis_versions_kind_known', isOneOf(table.kind, ZAnamnesisVersionKind.options)),
    check('anamnesis_versions_status_known', isOneOf(table.status, ZAnamnesisStatus.options)),
  ],
);

export type AnamnesisVersionRow = typeof anamnesisVersions.$inferSelect;
