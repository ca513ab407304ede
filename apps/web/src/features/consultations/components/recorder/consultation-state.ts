import type { TConsultationStatus } from '@escriba/contract';
import type { RecorderPhase } from './live-recording';

/**
 * The status the consultation's page shows: the stored one, with the lists' label (lib/consultation-status), so a
 * visit reads the same on its page, in the patient's history and in the admin's list (issue 31 §2). One thing this
 * browser knows first: while its microphone is open the visit is "Gravando", before the server has the first chunk.
 * What the recording is doing (paused, chunks waiting, the transcript being finished) the recorder and the
 * transcript pane say.
 */
export function shownStatus(status: TConsultationStatus, phase: RecorderPhase): TConsultationStatus {
  if (status !== 'done' && (phase === 'recording' || phase === 'paused')) return 'recording';
  return status;
}
