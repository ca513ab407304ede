import type { TPatientRetention } from '@escriba/contract';
import { and, eq, max } from 'drizzle-orm';
import { consultations } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { findPatientRow } from './get-patient';
import { retentionOf } from './record-retention';

/**
 * GET /user/patients/{id}/retention: what deleting the patient would answer now, so "Excluir paciente" says until
 * when the law keeps her record before the professional types the name (issue 31 §2). The deletion decides again
 * under its lock.
 */
export async function getPatientRetention(app: App, userId: string, patientId: string): Promise<TPatientRetention> {
  await findPatientRow(app.db, userId, patientId);
  const [row] = await app.db
    .select({ lastConcluded: max(consultations.concludedAt) })
    .from(consultations)
    .where(and(eq(consultations.userId, userId), eq(consultations.patientId, patientId)));
  return { retained: retentionOf(row?.lastConcluded ?? null, app.config.records.retentionYears) ?? null };
}
