import { normalizeDocumentCode, type TAccessAction } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { accessLog, consultations, issuedDocuments, type IssuedDocumentRow } from '../../db/schema/index';
import type { RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { isAccessCode } from './issued-codes';
import { sharedUntilOf } from './issued-document-view';

const UNKNOWN = 'Documento não encontrado: confira o endereço';
const REVOKED = 'Este documento foi revogado por quem o emitiu e não vale mais';
const WRONG_CODE = 'Código incorreto: confira o código impresso no documento';

/** An issued document opened with its code, and until when its PDF opens so. */
export interface OpenedDocument {
  row: IssuedDocumentRow;
  sharedUntil: Date;
}

/**
 * The issued document at `publicId` for whoever gives its code (a pharmacy, the patient), without a session: 404
 * for an unknown, deleted or revoked one, 401 for a wrong code, 410 once DOCUMENT_SHARE_DAYS have passed since it was
 * issued, and 429 with Retry-After after DOCUMENT_CODE_FAILURES_PER_HOUR wrong codes for the document or from the
 * address. Every use, right or wrong, goes in the patient's access log.
 */
export async function openIssuedDocument(
  app: App,
  publicId: string,
  typedCode: string | undefined,
  visit: { origin: RequestOrigin; route: string; action: Extract<TAccessAction, 'read' | 'download'> },
): Promise<OpenedDocument> {
  const { documentCodeFailuresPerDocument: perDocument, documentCodeFailuresPerAddress: perAddress } = app.rateLimits;
  const address = visit.origin.ip;
  await perDocument.assertAllowed(publicId);
  await perAddress.assertAllowed(address);
  const [found] = await app.db
    .select({ row: issuedDocuments, patientId: consultations.patientId })
    .from(issuedDocuments)
    .innerJoin(consultations, eq(consultations.id, issuedDocuments.consultationId))
    .where(eq(issuedDocuments.publicId, publicId));
  if (!found) {
    // Addresses tried at random count against the address that tries them.
    await perAddress.consume(address);
    throw new AppError('not_found', UNKNOWN);
  }
  const { row } = found;
  const isRight = typedCode !== undefined && isAccessCode(normalizeDocumentCode(typedCode), row.accessCode);
  const isOpened = isRight && !row.revokedAt;
  await app.db.insert(accessLog).values({
    actorUserId: null,
    actorRole: 'document_code',
    ownerUserId: row.userId,
    patientId: found.patientId,
    consultationId: row.consultationId,
    recordKind: row.kind === 'anamnesis' ? 'note_pdf' : 'document_pdf',
    recordId: row.documentId ?? row.anamnesisId,
    action: isOpened ? visit.action : 'refused',
    route: visit.route,
    ip: visit.origin.ip,
    userAgent: visit.origin.userAgent,
  });
  if (row.revokedAt) throw new AppError('not_found', REVOKED);
  if (!isRight) {
    await Promise.all([perDocument.consume(publicId), perAddress.consume(address)]);
    throw new AppError('unauthorized', WRONG_CODE);
  }
  const sharedUntil = sharedUntilOf(row, app.config.records.documentShareDays);
  if (sharedUntil.getTime() < Date.now()) {
    throw new AppError(
      'gone',
      'O prazo para abrir este documento pelo código terminou: peça uma nova via a quem o emitiu',
    );
  }
  return { row, sharedUntil };
}
