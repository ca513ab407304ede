import { consultations } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { App } from '../../platform/services';
import { removeDeletedFiles } from '../evidences/remove-deleted-files';
import { consultationNotFound, ownConsultation } from './get-consultation';

/** Deletes the consultation and its files (later, by a durable job, when storage fails); its patient stays. */
export async function deleteConsultation(
  app: App,
  userId: string,
  consultationId: string,
  origin: RequestOrigin,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(consultations)
      .where(ownConsultation(userId, consultationId))
      .returning({ patientId: consultations.patientId });
    if (!deleted) throw consultationNotFound();
    await recordAudit(tx, {
      action: 'consultation.deleted',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { consultation_id: consultationId, patient_id: deleted.patientId },
    });
  });
  await app.consultationLists.invalidate(userId);
  // Files go only once the row is gone: a failed delete never leaves a consultation without its files.
  await removeDeletedFiles(app, consultationId);
}
