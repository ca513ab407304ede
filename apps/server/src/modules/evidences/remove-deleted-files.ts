import type { App } from '../../platform/services';
import { consultationFolder } from '../../platform/storage/storage';
import { evidenceFolder } from './evidence-keys';

/**
 * Removes a deleted evidence's files or, without `evidenceId`, a deleted consultation's whole folder. What
 * storage fails to remove now is queued and retried by a durable job: the deletion itself already succeeded.
 */
export async function removeDeletedFiles(app: App, consultationId: string, evidenceId?: string): Promise<void> {
  try {
    await app.storage.removeFolder(deletedFolder(consultationId, evidenceId));
  } catch (error) {
    app.log.error({ err: error }, 'deleted files not removed: queued to try again');
    await app.jobs.send(
      'remove-evidence-files',
      { consultationId, evidenceId },
      { singletonKey: evidenceId ?? consultationId },
    );
  }
}

/** The folder of a deleted evidence or, without `evidenceId`, of a deleted consultation. */
export function deletedFolder(consultationId: string, evidenceId: string | undefined): string {
  return evidenceId ? evidenceFolder(consultationId, evidenceId) : consultationFolder(consultationId);
}
