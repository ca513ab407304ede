import { ZIssuedKind, type TIssuedKind } from '@escriba/contract';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { anamnesisVersions } from './anamnesis';
import { isOneOf } from './checks';
import { consultations } from './consultations';
import { documents } from './documents';
import { users } from './users';

/**
 * A PDF as it was issued (signed, or "Emitir" for a printed one), kept as issued, with the public address and
 * access code printed on its pages (issue 33 §2): a pharmacy or the patient opens it through them. Revoked, the
 * address answers 404; its document, consultation or account deleted, the row and then its file go.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicId: text('public_id').notNull().unique(),
    accessCode: text('access_code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    /** The visit's document issued; null for the note. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /** The note's version issued; null for a document. */
    anamnesisId: uuid('anamnesis_id').references(() => anamnesisVersions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TIssuedKind>().notNull(),
    version: integer('version').notNull(),
    storageKey: text('storage_key').notNull(),
    signedBy: text('signed_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('issued_documents_consultation_idx').on(table.consultationId, table.issuedAt),
    check('issued_documents_kind_known', isOneOf(table.kind, ZIssuedKind.options)),
  ],
);

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;
