import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents, documentSignatures, documentVersions, type DocumentRow } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import type { Tx } from '../../platform/transaction';
import { assertEditable, lockConsultation } from '../consultations/get-consultation';

export const documentNotFound = () => notFound('Documento');

/** One of the professional's documents of that consultation; 404 for anyone else's, or another consultation's. */
export async function ownDocument(
  db: Database,
  userId: string,
  consultationId: string,
  documentId: string,
): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(eq(documents.id, documentId), eq(documents.consultationId, consultationId), eq(documents.userId, userId)),
    );
  if (!row) throw documentNotFound();
  return row;
}

/** A document's versions, newest first. */
export function versionsOf(db: Database, documentId: string) {
  return db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version));
}

/** A document's signed PDFs, newest first. */
export function signaturesOf(db: Database, documentId: string) {
  return db
    .select()
    .from(documentSignatures)
    .where(eq(documentSignatures.documentId, documentId))
    .orderBy(desc(documentSignatures.signedAt));
}

/** The consultation's documents, newest first, each with its latest version (without its content). */
export async function documentsWithLatest(db: Database, consultationId: string) {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.consultationId, consultationId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  if (rows.length === 0) return [];
  const versions = await db
    .select({
      documentId: documentVersions.documentId,
      version: documentVersions.version,
      status: documentVersions.status,
      failure: documentVersions.failure,
      finishedAt: documentVersions.finishedAt,
    })
    .from(documentVersions)
    .where(
      inArray(
        documentVersions.documentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(documentVersions.version));
  // In version order: each document's last one wins.
  const latest = new Map(versions.map((version) => [version.documentId, version]));
  return rows.map((row) => ({ document: row, latest: latest.get(row.id)! }));
}

/**
 * A document about to change (edited, deleted): its consultation locked for the transaction and still open, the
 * professional's document and its versions (newest first); 409 while it is being generated.
 */
export async function documentToChange(tx: Tx, userId: string, consultationId: string, documentId: string) {
  assertEditable(await lockConsultation(tx, userId, consultationId));
  const document = await ownDocument(tx, userId, consultationId, documentId);
  const versions = await versionsOf(tx, documentId);
  if (versions[0]?.status === 'generating') {
    throw new AppError('conflict', 'Este documento ainda está sendo gerado; aguarde a geração terminar.');
  }
  return { document, versions };
}
