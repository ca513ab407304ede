import type { TEvidenceStatus } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishBestEffort } from '../live/publish-best-effort';

/** An evidence's reading started or ended (best effort: the stored status is the record). */
export function publishEvidenceStatus(
  app: App,
  userId: string,
  evidence: { consultationId: string; evidenceId: string; status: TEvidenceStatus },
): Promise<void> {
  return publishBestEffort(app, userId, {
    type: 'evidence',
    consultation_id: evidence.consultationId,
    evidence_id: evidence.evidenceId,
    status: evidence.status,
  });
}
