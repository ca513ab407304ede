import type { TEvidenceStatus } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishToUser } from '../live/live-hub';

/**
 * An evidence's reading started or ended, to the professional's sockets on every instance. Best
 * effort: the stored status is the record, read again by the page whenever its socket reconnects,
 * so a pub/sub outage must not hold reading back.
 */
export async function publishEvidenceStatus(
  app: App,
  userId: string,
  evidence: { consultationId: string; evidenceId: string; status: TEvidenceStatus },
): Promise<void> {
  try {
    await publishToUser(app.pubsub, userId, {
      type: 'evidence',
      consultation_id: evidence.consultationId,
      evidence_id: evidence.evidenceId,
      status: evidence.status,
    });
  } catch (error) {
    app.log.warn({ err: error, type: 'evidence' }, 'live message not delivered: pub/sub unavailable');
  }
}
