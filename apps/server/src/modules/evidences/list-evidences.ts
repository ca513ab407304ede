import type { TEvidence } from '@escriba/contract';
import { asc, eq } from 'drizzle-orm';
import { evidences } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { getConsultation } from '../consultations/get-consultation';
import { toEvidence } from './evidence-view';

/** GET .../evidences/: every evidence of the consultation, the transcript among them, oldest first. */
export async function listEvidences(app: App, userId: string, consultationId: string): Promise<TEvidence[]> {
  await getConsultation(app, userId, consultationId);
  const rows = await app.db
    .select()
    .from(evidences)
    .where(eq(evidences.consultationId, consultationId))
    .orderBy(asc(evidences.createdAt), asc(evidences.id));
  return rows.map((row) => toEvidence(row));
}
