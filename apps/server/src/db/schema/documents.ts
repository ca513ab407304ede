import {
  ZAnamnesisStatus,
  ZDocumentKind,
  ZDocumentVersionKind,
  type TAnamnesisStatus,
  type TDocumentContent,
  type TDocumentKind,
  type TDocumentProvenance,
  type TDocumentRequest,
  type TDocumentStatements,
  type TDocumentVersionKind,
} from '@escriba/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { isOneOf } from './checks';
import { consultations } from './consultations';
import { users } from './users';

/** A document of a visit (receita, atestado…) and what the professional asked for. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TDocumentKind>().notNull(),
    request: jsonb('request').$type<TDocumentRequest>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('documents_consultation_idx').on(table.consultationId, table.createdAt),
    index('documents_user_idx').on(table.userId),
    check('documents_kind_known', isOneOf(table.kind, ZDocumentKind.options)),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;

/**
 * Every version of a document, numbered from 1. The generation is version 1, written when accepted
 * (`generating`) and completed once (`ready` with its whole content, or `failed`); the professional's
 * edits are new versions, stored ready. A version never changes once it has ended.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind').$type<TDocumentVersionKind>().notNull(),
    status: text('status').$type<TAnamnesisStatus>().notNull(),
    content: jsonb('content').$type<TDocumentContent>(),
    failure: text('failure'),
    /** What the generation was drafted from; an edit keeps its base's. */
    provenance: jsonb('provenance').$type<TDocumentProvenance>().notNull(),
    /** Its texts' statements by part, checked against their sources; null for versions stored before (unchecked). */
    statements: jsonb('statements').$type<TDocumentStatements>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('document_versions_document_version').on(table.documentId, table.version),
    // Only generations in progress are looked up by status (the workers' start-up sweep).
    index('document_versions_generating_idx')
      .on(table.status)
      .where(sql`${table.status} = 'generating'`),
    check('document_versions_kind_known', isOneOf(table.kind, ZDocumentVersionKind.options)),
    check('document_versions_status_known', isOneOf(table.status, ZAnamnesisStatus.options)),
  ],
);

export type DocumentVersionRow = typeof documentVersions.$inferSelect;

/**
 * Each signed PDF of a document: the version signed, when, and the certificate's holder and issuer as it said
 * then (the certificate may be replaced later). The card shows it; the signature itself is audited too.
 */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    holderName: text('holder_name').notNull(),
    issuer: text('issuer').notNull(),
    /** Whether the certificate was ICP-Brasil's when it signed; null for signatures made before this was checked. */
    icpBrasil: boolean('icp_brasil'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('document_signatures_document_idx').on(table.documentId, table.signedAt)],
);

export type DocumentSignatureRow = typeof documentSignatures.$inferSelect;
