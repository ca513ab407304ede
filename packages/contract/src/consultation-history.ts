import { z } from 'zod';
import { ZCid10Code } from './cid10';

/** How many of the patient's earlier concluded consultations a generation reads and the page lists. */
export const EARLIER_CONSULTATIONS_LIMIT = 3;

/**
 * One of the patient's earlier concluded consultations with a note: the note's fields that say something (its
 * latest ready version, in the template's order) and the consultation's confirmed CID-10 diagnoses.
 */
export const ZEarlierConsultation = z.object({
  id: z.uuid(),
  /** The day it was held, on Brasília time. */
  date: z.iso.date(),
  title: z.string().nullable(),
  /** The name of its note's template. */
  template: z.string(),
  fields: z.array(z.object({ field_id: z.string(), title: z.string(), text: z.string() })),
  diagnoses: z.array(ZCid10Code),
});
export type TEarlierConsultation = z.infer<typeof ZEarlierConsultation>;

/**
 * GET /user/consultations/{id}/history: the patient's last concluded consultations before this one (same
 * professional), newest first, at most EARLIER_CONSULTATIONS_LIMIT: what the next note is drafted with.
 */
export const ZConsultationHistory = z.object({ consultations: z.array(ZEarlierConsultation) });
export type TConsultationHistory = z.infer<typeof ZConsultationHistory>;
