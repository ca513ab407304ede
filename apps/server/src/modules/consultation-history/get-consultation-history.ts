import type { TConsultationHistory } from '@escriba/contract';
import type { App } from '../../platform/services';
import { findEarlierNotes, readEarlierNotes } from '../anamnesis/earlier-notes';
import { assertOwnConsultation } from '../consultations/get-consultation';

/** GET .../history: the earlier notes a generation of this consultation would read now; 404 for another's. */
export async function getConsultationHistory(
  app: App,
  userId: string,
  consultationId: string,
): Promise<TConsultationHistory> {
  await assertOwnConsultation(app.db, userId, consultationId);
  return { consultations: await readEarlierNotes(app.db, await findEarlierNotes(app.db, consultationId)) };
}
