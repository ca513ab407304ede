import type { SendOptions } from '../../platform/jobs/job-queue';
import type { App } from '../../platform/services';
import { READ_TIMEOUT_MS } from './read-evidence';

/** A `read-evidence` job is taken as lost (hung) once it has run this long: past the reading's own deadline. */
export const READ_EVIDENCE_EXPIRY_SECONDS = READ_TIMEOUT_MS / 1000 + 5 * 60;

/** Queues an evidence's reading (in `within`, with its row); queuing it again while it waits or runs adds nothing. */
export async function enqueueReading(app: App, evidenceId: string, within?: SendOptions['within']): Promise<void> {
  await app.jobs.send('read-evidence', { evidenceId }, { singletonKey: evidenceId, within });
}
