import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultations, type ConsultationRow } from '../../db/schema/index';

// What recording does to a consultation's status: its first accepted chunk makes an open visit "recording", and a stop
// leaves it open again. A concluded visit refuses recording before either can happen.
const RECORDING_MOVES = {
  started: { from: 'draft', to: 'recording' },
  stopped: { from: 'recording', to: 'draft' },
} as const;

/**
 * Moves a consultation locked in `tx` (lockConsultation) as recording `event` asks; answers whether its status
 * changed, for the caller to refresh the lists after the commit. Transcription asks here rather than writing it.
 */
export async function recordingMoved(
  tx: Database,
  consultation: Pick<ConsultationRow, 'id' | 'status'>,
  event: keyof typeof RECORDING_MOVES,
): Promise<boolean> {
  const { from, to } = RECORDING_MOVES[event];
  if (consultation.status !== from) return false;
  await tx
    .update(consultations)
    .set({ status: to, updatedAt: new Date() })
    .where(eq(consultations.id, consultation.id));
  return true;
}
