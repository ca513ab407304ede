import { z } from 'zod';
import { CREATED_RANGE_ORDER, ZCreatedRange } from './admin-users';
import { ZConsultationStatus } from './consultation';
import { zPageOf, ZPageQuery } from './pagination';

/** GET /admin/consultation/, newest first: filters by professional (`user_id`), status and creation days. */
export const ZAdminConsultationListQuery = ZPageQuery.extend({
  user_id: z.uuid('Identificador inválido').optional(),
  status: ZConsultationStatus.optional(),
  ...ZCreatedRange,
}).refine(...CREATED_RANGE_ORDER);
export type TAdminConsultationListQuery = z.input<typeof ZAdminConsultationListQuery>;

/**
 * Which background job failed: a transcribed chunk, the reading of an evidence file, an anamnesis generation, a
 * document's generation.
 */
export const ZAdminFailureJob = z.enum(['transcription', 'evidence', 'anamnesis', 'document']);
export type TAdminFailureJob = z.infer<typeof ZAdminFailureJob>;

/** One failure and its reason as the system wrote it; never clinical content. */
export const ZAdminConsultationFailure = z.object({
  job: ZAdminFailureJob,
  /** The chunk's seq, the evidence's id, the anamnesis version number or the document's id. */
  ref: z.string(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type TAdminConsultationFailure = z.infer<typeof ZAdminConsultationFailure>;

export const ADMIN_FAILURES_PER_CONSULTATION = 20;

/**
 * A consultation's metadata for the administration: no title, patient name or clinical text.
 * `failures` lists the latest ADMIN_FAILURES_PER_CONSULTATION failures, newest first.
 */
export const ZAdminConsultation = z.object({
  id: z.uuid(),
  user: z.object({ id: z.uuid(), name: z.string() }),
  patient_id: z.uuid(),
  status: ZConsultationStatus,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  counts: z.object({
    chunks: z.number().int(),
    failed_chunks: z.number().int(),
    /** The files attached to the visit (its transcript is no file), and those that could not be read. */
    evidences: z.number().int(),
    unreadable_evidences: z.number().int(),
    anamnesis_versions: z.number().int(),
    failed_generations: z.number().int(),
    /** The documents of the visit (receita, atestado…), and those whose generation failed. */
    documents: z.number().int(),
    failed_documents: z.number().int(),
  }),
  failures: z.array(ZAdminConsultationFailure),
});
export type TAdminConsultation = z.infer<typeof ZAdminConsultation>;

export const ZAdminConsultationList = zPageOf(ZAdminConsultation);
export type TAdminConsultationList = z.infer<typeof ZAdminConsultationList>;
