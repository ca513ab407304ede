import type { TDeletedPatient, TPatientRetained } from '@escriba/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { consultations, patients } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import { foldForSearch } from '../../platform/search-key';
import type { App } from '../../platform/services';
import { inTransaction } from '../../platform/transaction';
import { storedFileCount } from '../admin-users/deletion-impact';
import { PATIENT } from './get-patient';
import { retentionOf } from './record-retention';

export type DeletePatientResult = { deleted: TDeletedPatient } | { retained: TPatientRetained };

/**
 * DELETE /user/patients/{id}?confirm=: deletes the patient with her consultations (transcripts, evidence, notes,
 * documents, diagnoses: ON DELETE CASCADE) and, through a job queued in the same transaction, their files in
 * storage. `confirm` is her name (or social name) as typed, ignoring case, accents and spacing. A record with a
 * concluded consultation is kept RECORD_RETENTION_YEARS after the last one (Lei 13.787/2018): refused with the
 * day it may go. The audit trail stays; one more event counts what was removed.
 */
export async function deletePatient(
  app: App,
  userId: string,
  patientId: string,
  confirm: string,
  origin: RequestOrigin,
): Promise<DeletePatientResult> {
  const owned = and(eq(patients.id, patientId), eq(patients.userId, userId));
  return inTransaction(app, async (tx, afterCommit): Promise<DeletePatientResult> => {
    const [patient] = await tx.select().from(patients).where(owned).for('update');
    if (!patient) throw notFound(PATIENT);
    const typed = foldForSearch(confirm);
    if (!typed || (typed !== foldForSearch(patient.name) && typed !== foldForSearch(patient.socialName))) {
      throw fieldError(['querystring', 'confirm'], 'Digite o nome do paciente para confirmar a exclusão');
    }
    // Locked as deleting one consultation does: a generation storing its result waits, then finds nothing.
    const ofPatient = and(eq(consultations.userId, userId), eq(consultations.patientId, patientId));
    const visits = await tx
      .select({ id: consultations.id, concludedAt: consultations.concludedAt })
      .from(consultations)
      .where(ofPatient)
      .for('update');
    const lastConcluded = visits.reduce<Date | null>(
      (last, { concludedAt }) => (concludedAt && (!last || concludedAt > last) ? concludedAt : last),
      null,
    );
    const retained = retentionOf(lastConcluded, app.config.records.retentionYears);
    if (retained) return { retained };
    const ids = visits.map((visit) => visit.id);
    const files = ids.length > 0 ? await storedFileCount(tx, inArray(consultations.id, ids)) : 0;
    if (ids.length > 0) await tx.delete(consultations).where(inArray(consultations.id, ids));
    await tx.delete(patients).where(owned);
    // The files go only if the rows did, whatever happens to this process after the commit.
    for (const id of ids) {
      await app.jobs.send(
        'remove-evidence-files',
        { consultationId: id },
        { singletonKey: id, within: { tx, afterCommit } },
      );
    }
    await recordAudit(tx, {
      action: 'patient.deleted',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { patient_id: patientId, consultations: ids.length, files },
    });
    afterCommit(() => app.consultationLists.invalidate(userId));
    return {
      deleted: {
        detail: `O cadastro de ${patient.socialName ?? patient.name} foi excluído.`,
        removed: { consultations: ids.length, files },
      },
    };
  });
}
