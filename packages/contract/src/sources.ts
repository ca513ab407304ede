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

export const ZFieldSources = z.object({
  transcript: z.array(ZTranscriptSource),
  evidence: z.array(ZEvidenceSource),
  /** The professional's notes on the consultation (user context) were used. */
  user_context: z.boolean(),
});
export type TFieldSources = z.infer<typeof ZFieldSources>;
