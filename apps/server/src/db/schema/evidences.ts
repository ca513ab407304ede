import {
  ZEvidenceKind,
  ZEvidenceStatus,
  ZTranscriptVersionSource,
  type TEvidenceKind,
  type TEvidencePage,
  type TEvidenceStatus,
  type TSpeaker,
} from '@escriba/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReadingReview } from '../../providers/documents/review-reading';
import { isOneOf } from './checks';
import { consultations } from './consultations';
import { users } from './users';

/** An image rendition stored beside the original, as `variants/{name}.webp`. */
export interface StoredVariant {
  name: string;
  width: number;
  height: number;
}

/**
 * What a consultation's anamnesis is drawn from: its transcript (kind `transcript`, one per
 * consultation) and the files the professional adds, each stored under its folder
 * (`evidenceFolder`): the original as `storage_key`, image renditions beside it.
 */
export const evidences = pgTable(
  'evidences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TEvidenceKind>().notNull(),
    fileName: text('file_name'),
    contentType: text('content_type'),
    size: integer('size'),
    storageKey: text('storage_key'),
    status: text('status').$type<TEvidenceStatus>().notNull().default('ready'),
    // Why it is unreadable, in Portuguese.
    reason: text('reason'),
    // The current text: the latest of evidence_versions (files have one version, as read).
    text: text('text'),
    pages: jsonb('pages').$type<TEvidencePage[]>(),
    // The current version's reading review (null for a text not read by OCR).
    readingReview: jsonb('reading_review').$type<ReadingReview>(),
    variants: jsonb('variants').$type<StoredVariant[]>(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('evidences_consultation_idx').on(table.consultationId, table.kind),
    // Found at start-up, to queue again what a stopped instance was reading.
    index('evidences_unread_idx')
      .on(table.status)
      .where(sql`${table.status} in ('pending', 'reading')`),
    check('evidences_kind_known', isOneOf(table.kind, ZEvidenceKind.options)),
    check('evidences_status_known', isOneOf(table.status, ZEvidenceStatus.options)),
  ],
);

/** What made a version: a file read, a recording that ended, or a person's correction. */
export const EVIDENCE_VERSION_SOURCES = ['reading', ...ZTranscriptVersionSource.options] as const;
export type EvidenceVersionSource = (typeof EVIDENCE_VERSION_SOURCES)[number];

/**
 * A transcript version's line: one segment of a chunk (`index`, its times the segment's), or, in versions stored
 * before segments were kept (no `index`), a whole chunk.
 */
export interface StoredTranscriptLine {
  seq: number;
  index?: number;
  text: string;
  /** Who said it, as the professional set it; otherwise the automatic label stored with the chunk is read. */
  speaker?: TSpeaker;
}

/** Every text an evidence has had: version 1 as transcribed or read, later ones as corrected (the evidence row holds the last). */
export const evidenceVersions = pgTable(
  'evidence_versions',
  {
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidences.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    source: text('source').$type<EvidenceVersionSource>().notNull(),
    // Who wrote a correction.
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    // A transcript's text line by line with the chunk each line belongs to; null when a whole-text
    // correction changed the number of lines, so its lines have no place in the recording.
    lines: jsonb('lines').$type<StoredTranscriptLine[]>(),
    // A file's text page by page (PDF), as read or as corrected.
    pages: jsonb('pages').$type<TEvidencePage[]>(),
    // What OCR was unsure of in this version's text: a correction drops the words of what it corrected.
    readingReview: jsonb('reading_review').$type<ReadingReview>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.evidenceId, table.version] }),
    check('evidence_versions_source_known', isOneOf(table.source, EVIDENCE_VERSION_SOURCES)),
  ],
);
