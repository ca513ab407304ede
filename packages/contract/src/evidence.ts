import { z } from 'zod';
import { zText } from './text';
import { TRANSCRIPT_TEXT_MAX_LENGTH } from './transcription';

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

/**
 * Why the image of an evidence should be looked at, beyond its text: `check_boxes`, a form whose ticked
 * boxes OCR does not read; `handwriting`, lines read with very low confidence, as handwriting or a stamp gives.
 */
export const ZEvidenceImageWarning = z.enum(['check_boxes', 'handwriting']);
export type TEvidenceImageWarning = z.infer<typeof ZEvidenceImageWarning>;

/**
 * Why a word of a file's text is marked: `low_confidence` (OCR was unsure of it, or of one of a number's
 * characters), `separator` (a number whose separators look wrong for its unit) or `unparsed` (a result's
 * value and reference that do not read as one pair, or letters and digits mixed as no print does).
 */
export const ZUnsureWordReason = z.enum(['low_confidence', 'separator', 'unparsed']);
export type TUnsureWordReason = z.infer<typeof ZUnsureWordReason>;

/** A word read by OCR that the professional should check against the image. */
export const ZUnsureWord = z.object({
  text: z.string(),
  /** The page of a PDF; null for an image. */
  page: z.number().int().nullable(),
  /** Where it is in the text of its page (or the whole text when the file has no pages): [start, end). */
  start: z.number().int(),
  end: z.number().int(),
  /** Its box on the page's image, in fractions of the image's width and height (0 to 1). */
  bbox: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  /** Tesseract's confidence, 0 to 100: the word's, or for a number its least sure character's when lower. */
  confidence: z.number().nullable(),
  /** It holds digits: a value the note should not take as read. */
  is_number: z.boolean(),
  reason: ZUnsureWordReason,
  /** For `separator`: the number as its unit expects it (e.g. "7.350"), when the rule can tell. */
  expected: z.string().nullable(),
});
export type TUnsureWord = z.infer<typeof ZUnsureWord>;

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
  /** For images and PDFs once read: a small WebP preview (a PDF's first page). */
  thumbnail_url: z.string().nullable(),
  /** Its OCR reading is unsure: an unsure number, or too many words read with low confidence (it is still `ready`). */
  low_confidence: z.boolean(),
  /** The share (0 to 1) of the words OCR read with low confidence; 0 for a text it did not read by OCR. */
  unsure_share: z.number(),
  /** Reasons to look at the image itself. */
  image_warnings: z.array(ZEvidenceImageWarning),
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

/** What made a file's text version: its reading, or a person's correction. */
export const ZEvidenceVersionSource = z.enum(['reading', 'correction']);
export type TEvidenceVersionSource = z.infer<typeof ZEvidenceVersionSource>;

/** One version of a file's text: version 1 as read, later ones as corrected (the texts are not repeated here). */
export const ZEvidenceVersion = z.object({
  version: z.number().int(),
  source: ZEvidenceVersionSource,
  /** Who corrected it; null for the reading. */
  author_id: z.uuid().nullable(),
  created_at: z.iso.datetime(),
});
export type TEvidenceVersion = z.infer<typeof ZEvidenceVersion>;

/** A file's text as read, kept once corrected. */
export const ZEvidenceReading = z.object({
  text: z.string(),
  pages: z.array(ZEvidencePage).nullable(),
});
export type TEvidenceReading = z.infer<typeof ZEvidenceReading>;

/** GET /user/consultations/{id}/evidences/{evidenceId}: the evidence with its text and files. */
export const ZEvidenceDetail = ZEvidence.extend({
  /** The extracted text once ready ('' when the file holds none); null before. */
  text: z.string().nullable(),
  /** Per page, for files that have pages (PDF). */
  pages: z.array(ZEvidencePage).nullable(),
  /** The words of the current text to check against the image, in reading order; a corrected page has none. */
  unsure_words: z.array(ZUnsureWord),
  /** The original file; null for the transcript. */
  download_url: z.string().nullable(),
  /** Responsive WebP renditions of an image (spec §9), or of a PDF's first page; empty for other kinds. */
  variants: z.array(ZEvidenceVariant),
  /** The current version of the text; `text` and `pages` are its. */
  version: z.number().int(),
  /** Every version of the text, oldest first; the last is the current one. Empty until read. */
  versions: z.array(ZEvidenceVersion),
  /** The text as read, once a correction replaced it; null while the text is as read. */
  original: ZEvidenceReading.nullable(),
});
export type TEvidenceDetail = z.infer<typeof ZEvidenceDetail>;

export const ZEvidenceParams = z.strictObject({
  id: z.uuid('Identificador inválido'),
  evidenceId: z.uuid('Identificador inválido'),
});
export const EVIDENCE_TEXT_MAX_LENGTH = TRANSCRIPT_TEXT_MAX_LENGTH;

/**
 * PUT /user/consultations/{id}/evidences/{evidenceId}/text: the professional's correction of a file's text,
 * a page at a time for a file read by pages (PDF), so each page keeps its number for the note's sources.
 */
export const ZEvidenceTextBody = z.strictObject({
  text: zText({ max: EVIDENCE_TEXT_MAX_LENGTH, trim: true, required: 'Informe o texto' }),
  /** The page corrected: required for a file read by pages, refused for the others. */
  page: z.number({ error: 'Informe o número da página' }).int().min(1).max(100_000).optional(),
});
export type TEvidenceTextBody = z.infer<typeof ZEvidenceTextBody>;

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
