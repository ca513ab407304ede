import type { TEvidenceDetail } from '@escriba/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultations, evidences, evidenceVersions } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { assertEditable, lockConsultation, ownConsultation } from '../consultations/get-consultation';
import { toEvidenceDetail } from './evidence-view';

export const evidenceNotFound = () => notFound('Evidência', 'feminine');

/** One evidence of one of the professional's consultations; 404 for anyone else's. */
export async function findOwnEvidence(app: App, userId: string, consultationId: string, evidenceId: string) {
  const [row] = await app.db
    .select({ evidence: evidences })
    .from(evidences)
    .innerJoin(consultations, eq(consultations.id, evidences.consultationId))
    .where(and(eq(evidences.id, evidenceId), ownConsultation(userId, consultationId)));
  if (!row) throw evidenceNotFound();
  return row.evidence;
}

/**
 * For a change to one evidence: locks the professional's consultation (404 for anyone else's, 409 once it
 * is no longer editable), then the evidence row; 404 when the consultation has no such evidence.
 */
export async function lockOwnEvidence(tx: Database, userId: string, consultationId: string, evidenceId: string) {
  assertEditable(await lockConsultation(tx, userId, consultationId));
  const [row] = await tx
    .select()
    .from(evidences)
    .where(and(eq(evidences.id, evidenceId), eq(evidences.consultationId, consultationId)))
    .for('update');
  if (!row) throw evidenceNotFound();
  return row;
}

/** GET .../evidences/{evidenceId}: the evidence with its text and the links to its files. */
export async function getEvidence(
  app: App,
  userId: string,
  consultationId: string,
  evidenceId: string,
): Promise<TEvidenceDetail> {
  return readEvidenceDetail(app.db, await findOwnEvidence(app, userId, consultationId, evidenceId));
}

/** An evidence row as its detail, with the versions of its text. */
export async function readEvidenceDetail(db: Database, row: typeof evidences.$inferSelect): Promise<TEvidenceDetail> {
  const versions = await db
    .select()
    .from(evidenceVersions)
    .where(eq(evidenceVersions.evidenceId, row.id))
    .orderBy(asc(evidenceVersions.version));
  return toEvidenceDetail(row, versions);
}
