import { z } from 'zod';

/** `transcript`: the one the transcription stores; `file`: what the professional adds. */
export const ZEvidenceKind = z.enum(['transcript', 'file']);
export type TEvidenceKind = z.infer<typeof ZEvidenceKind>;

/**
 * `pending`: stored, waiting to be read. `reading`: its text is being extracted. `ready`: its text is
 * known (possibly empty). `unreadable`: kept, but its text cannot be extracted (`reason` says why).
 */
export const ZEvidenceStatus = z.enum(['pending', 'reading', 'ready', 'unreadable']);
export type TEvidenceStatus = z.infer<typeof ZEvidenceStatus>;

/** Spec §9 image breakpoints, with densities 1 and 2. */
export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

/** One stored rendition of an image evidence: `thumbnail`, `placeholder` (10x10) or `w{width}` (WebP). */
export const ZEvidenceVariant = z.object({
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});
export type TEvidenceVariant = z.infer<typeof ZEvidenceVariant>;

/** One evidence of a consultation, as listed. */
export const ZEvidence = z.object({
  id: z.uuid(),
  consultation_id: z.uuid(),
  kind: ZEvidenceKind,
  /** The cleaned name the file was sent with; null for the transcript. */
  file_name: z.string().nullable(),
  /** The type recognised from the content, e.g. application/pdf; null for the transcript. */
  content_type: z.string().nullable(),
  /** Bytes of the original file; null for the transcript. */
  size: z.number().int().nullable(),
  status: ZEvidenceStatus,
  /** Why it is unreadable, in Portuguese; null otherwise. */
  reason: z.string().nullable(),
  /** For images once read: a small WebP preview. */
  thumbnail_url: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TEvidence = z.infer<typeof ZEvidence>;

export const ZEvidencePage = z.object({
  page: z.number().int(),
  text: z.string(),
  /** Read by OCR (the page had no text layer). */
  ocr: z.boolean(),
});
export type TEvidencePage = z.infer<typeof ZEvidencePage>;

/** GET /user/consultations/{id}/evidences/{evidenceId}: the evidence with its text and files. */
export const ZEvidenceDetail = ZEvidence.extend({
  /** The extracted text once ready ('' when the file holds none); null before. */
  text: z.string().nullable(),
  /** Per page, for files that have pages (PDF). */
  pages: z.array(ZEvidencePage).nullable(),
  /** The original file; null for the transcript. */
  download_url: z.string().nullable(),
  /** Responsive WebP renditions of an image (spec §9); empty for other kinds. */
  variants: z.array(ZEvidenceVariant),
});
export type TEvidenceDetail = z.infer<typeof ZEvidenceDetail>;

export const ZEvidenceParams = z.strictObject({
  id: z.uuid('Identificador inválido'),
  evidenceId: z.uuid('Identificador inválido'),
});
/** GET .../evidences/{evidenceId}/variants/{name}: an image rendition. */
export const ZEvidenceVariantParams = ZEvidenceParams.extend({
  name: z.string().regex(/^(thumbnail|placeholder|w\d{2,5})$/, 'Variante inexistente'),
});
/**
 * GET .../evidences/{evidenceId}/file and .../variants/{name}: download=1 asks for an attachment. The
 * caller is the owner's live session (bearer token, or the `session` cookie an <img> or a new tab
 * sends), not the link. Other keys are ignored, so links from before (expires, signature) still open
 * for their owner.
 */
export const ZEvidenceFileQuery = z.object({
  download: z.enum(['1']).optional(),
});
export type TEvidenceFileQuery = z.infer<typeof ZEvidenceFileQuery>;

/** Live `evidence` message: an evidence's reading started or ended. */
export const ZEvidenceMessage = z.object({
  type: z.literal('evidence'),
  consultation_id: z.uuid(),
  evidence_id: z.uuid(),
  status: ZEvidenceStatus,
});
export type TEvidenceMessage = z.infer<typeof ZEvidenceMessage>;
