import { z } from 'zod';

/** What a field draws on: transcript segments (by seq, times in seconds) and evidence files (and pages). */
export const ZTranscriptSource = z.object({ seq: z.number().int(), start: z.number(), end: z.number() });
export type TTranscriptSource = z.infer<typeof ZTranscriptSource>;

export const ZEvidenceSource = z.object({
  evidence_id: z.uuid(),
  file_name: z.string().nullable(),
  /** The page of a paged file (PDF); null for the whole file. */
  page: z.number().int().nullable(),
});
export type TEvidenceSource = z.infer<typeof ZEvidenceSource>;

/** An earlier concluded consultation of the same patient whose note was an input: its id and its day (Brasília). */
export const ZConsultationSource = z.object({ consultation_id: z.uuid(), date: z.iso.date() });
export type TConsultationSource = z.infer<typeof ZConsultationSource>;

/**
 * What the professional typed outside the Contexto tab that a generation reads: the consultation's title and chief
 * complaint (its header) and the notes of the patient's record ("G2P1, alto risco").
 */
export const ZTypedInput = z.enum(['title', 'chief_complaint', 'patient_notes']);
export type TTypedInput = z.infer<typeof ZTypedInput>;

export const ZFieldSources = z.object({
  transcript: z.array(ZTranscriptSource),
  evidence: z.array(ZEvidenceSource),
  /** The professional's notes on the consultation (user context) were used. */
  user_context: z.boolean(),
  /** Earlier consultations' notes the field draws on (a return visit); absent when none. */
  consultations: z.array(ZConsultationSource).optional(),
  /** Typed inputs the field draws on; absent when none, as in sources stored before they were inputs. */
  typed: z.array(ZTypedInput).optional(),
});
export type TFieldSources = z.infer<typeof ZFieldSources>;

/**
 * A text the assistant writes and where it came from: a note's field and a document's paragraph are stored so, and
 * the model answers each one so (with source labels for `sources`).
 */
export const ZSourcedText = z.strictObject({ text: z.string(), sources: ZFieldSources });
export type TSourcedText = z.infer<typeof ZSourcedText>;

/** Whether a field cites anything at all. */
export const hasSources = (sources: TFieldSources) =>
  sources.transcript.length > 0 ||
  sources.evidence.length > 0 ||
  sources.user_context ||
  (sources.consultations?.length ?? 0) > 0 ||
  (sources.typed?.length ?? 0) > 0;
