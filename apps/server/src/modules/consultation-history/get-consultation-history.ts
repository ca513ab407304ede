import type { TConsultationHistory } from '@escriba/contract';
import { consultations } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { findEarlierNotes, readEarlierNotes } from '../anamnesis/earlier-notes';
import { consultationNotFound, ownConsultation } from '../consultations/get-consultation';

/** GET .../history: the earlier notes a generation of this consultation would read now; 404 for another's. */
export async function getConsultationHistory(
  app: App,
  userId: string,
  consultationId: string,
): Promise<TConsultationHistory> {
  const [consultation] = await app.db
    .select({ id: consultations.id })
    .from(consultations)
    .where(ownConsultation(userId, consultationId));
  if (!consultation) throw consultationNotFound();
  return { consultations: await readEarlierNotes(app.db, await findEarlierNotes(app.db, consultationId)) };
}
