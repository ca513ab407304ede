import { and, eq } from 'drizzle-orm';
import { evidences } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { assertEditable, lockConsultation } from '../consultations/get-consultation';
import { removeDeletedFiles } from './remove-deleted-files';
import { evidenceNotFound } from './get-evidence';

/**
 * DELETE .../evidences/{evidenceId}: the row, then its files. Files that storage fails to remove
 * are removed later by a durable job, so none is left behind. The transcript is not deleted here.
 */
export async function deleteEvidence(app: App, userId: string, consultationId: string, evidenceId: string) {
  await app.db.transaction(async (tx) => {
    assertEditable(await lockConsultation(tx, userId, consultationId));
    const [row] = await tx
      .select({ kind: evidences.kind })
      .from(evidences)
      .where(and(eq(evidences.id, evidenceId), eq(evidences.consultationId, consultationId)))
      .for('update');
    if (!row) throw evidenceNotFound();
    if (row.kind === 'transcript') {
      throw new AppError(
        'conflict',
        'A transcrição não pode ser excluída como evidência; corrija o texto dela se preciso',
      );
    }
    await tx.delete(evidences).where(eq(evidences.id, evidenceId));
  });
  await removeDeletedFiles(app, consultationId, evidenceId);
}
