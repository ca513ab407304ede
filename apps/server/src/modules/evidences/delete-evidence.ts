import { eq } from 'drizzle-orm';
import { evidences } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { removeDeletedFiles } from './remove-deleted-files';
import { lockOwnEvidence } from './get-evidence';

/**
 * DELETE .../evidences/{evidenceId}: the row, then its files. Files that storage fails to remove
 * are removed later by a durable job, so none is left behind. The transcript is not deleted here.
 */
export async function deleteEvidence(app: App, userId: string, consultationId: string, evidenceId: string) {
  await app.db.transaction(async (tx) => {
    const row = await lockOwnEvidence(tx, userId, consultationId, evidenceId);
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
