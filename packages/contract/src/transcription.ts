import { z } from 'zod';
import { zDecimalInteger } from './integer';
import { ZUuidParam } from './reference';
import { ZSpeaker } from './speaker';
import { zLine, zText } from './text';

/** Spec §3 "Transcription mode": a faster-whisper server of our own or a cloud API. */
export const ZTranscriptionMode = z.enum(['faster-whisper', 'cloud']);
export type TTranscriptionMode = z.infer<typeof ZTranscriptionMode>;

/**
 * The published multilingual Whisper sizes. The distil models are English-only and are not offered:
 * a consultation is in Portuguese.
 */
export const WHISPER_SIZES = [
  'tiny',
  'base',
  'small',
  'medium',
  'large-v1',
  'large-v2',
  'large-v3',
  'large-v3-turbo',
] as const;
export const ZWhisperSize = z.enum(WHISPER_SIZES, `Use um destes tamanhos: ${WHISPER_SIZES.join(', ')}`);
export type TWhisperSize = z.infer<typeof ZWhisperSize>;

/** PUT /user/consultations/{id}/evidences/transcript/mode?mode=&whisper_size= (whisper_size only with faster-whisper). */
export const ZTranscriptionModeQuery = z
  .strictObject({
    mode: z.enum(ZTranscriptionMode.options, 'Use faster-whisper ou cloud'),
    whisper_size: ZWhisperSize.optional(),
  })
  .superRefine((query, context) => {
    if (query.mode === 'faster-whisper' && !query.whisper_size) {
      context.addIssue({ code: 'custom', path: ['whisper_size'], message: 'Obrigatório com mode=faster-whisper' });
    }
    if (query.mode === 'cloud' && query.whisper_size) {
      context.addIssue({ code: 'custom', path: ['whisper_size'], message: 'Só se informa com mode=faster-whisper' });
    }
  });
export type TTranscriptionModeQuery = z.infer<typeof ZTranscriptionModeQuery>;

/**
 * POST /user/consultations/{id}/evidences/transcript?seq=N: the chunk's 0-based place in the recording.
 * From the recorder's own voice activity detector (issue 34): `speech=detected` says the chunk holds speech, so
 * the server's speech gate never drops it; `silence_ms` is the silence heard and not sent just before it, which
 * still counts on the recording's timeline.
 */
export const ZChunkQuery = z.strictObject({
  seq: zDecimalInteger(z.number().min(0).max(1_000_000)),
  speech: z.literal('detected', 'Use speech=detected ou omita o campo').optional(),
  // At most a day of silence between two utterances.
  silence_ms: zDecimalInteger(z.number().min(0).max(86_400_000)).optional(),
});
export type TChunkQuery = z.infer<typeof ZChunkQuery>;

/**
 * Whether audio can be transcribed now. `unconfigured`: no provider is set up for the mode (the audio
 * is kept and transcribed once one is); `unavailable`: the provider does not answer or refuses (retried
 * with backoff); `model_missing`: the faster-whisper server has not downloaded the model.
 */
export const ZProviderStatus = z.enum(['ok', 'unconfigured', 'unavailable', 'model_missing']);
export type TProviderStatus = z.infer<typeof ZProviderStatus>;

/**
 * `recording`: chunks are accepted. `stopping`: stopped, accepted chunks are still being transcribed.
 * `stopped`: the full transcript is stored as an evidence; new chunks are refused until
 * POST .../evidences/transcript/continue.
 */
export const ZTranscriptState = z.enum(['recording', 'stopping', 'stopped']);
export type TTranscriptState = z.infer<typeof ZTranscriptState>;

/** The transcription settings and state of one consultation. */
export const ZTranscription = z.object({
  mode: ZTranscriptionMode,
  whisper_size: ZWhisperSize.nullable(),
  state: ZTranscriptState,
  /** The seq the next chunk takes: one past the highest accepted. */
  next_seq: z.number().int(),
  provider_status: ZProviderStatus,
  /** Why the provider cannot transcribe now, in Portuguese; null when it can. */
  provider_detail: z.string().nullable(),
});
export type TTranscription = z.infer<typeof ZTranscription>;

/** 202 to a chunk: it is stored. The same chunk sent again gets this same answer and is stored once. */
export const ZChunkAccepted = z.object({ seq: z.number().int(), size: z.number().int(), content_type: z.string() });
export type TChunkAccepted = z.infer<typeof ZChunkAccepted>;

/** One transcribed chunk: times in seconds from the start of the recording. */
const ZTranscribedChunk = z.object({
  seq: z.number().int(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
});

/**
 * One segment of the transcript as the provider returned it (verbose_json `segments`): its chunk's `seq`, its
 * `index` within the chunk, its own times in seconds from the start of the recording, and who said it. A chunk
 * that yielded no words is one empty segment.
 */
export const ZTranscriptSegment = ZTranscribedChunk.extend({
  index: z.number().int(),
  speaker: ZSpeaker,
});
export type TTranscriptSegment = z.infer<typeof ZTranscriptSegment>;

/**
 * A chunk that could not be transcribed (corrupt audio, or refused by the provider after retries):
 * its audio is kept, and the stored transcript marks its place.
 */
export const ZFailedChunk = z.object({
  seq: z.number().int(),
  start: z.number(),
  /** Null when the audio could not even be decoded, so its length is unknown. */
  end: z.number().nullable(),
  /** Why, in Portuguese. */
  reason: z.string(),
});
export type TFailedChunk = z.infer<typeof ZFailedChunk>;

/** GET /user/consultations/{id}/partial-transcript: in seq order, whatever order chunks finished in. */
export const ZPartialTranscript = ZTranscription.extend({
  segments: z.array(ZTranscriptSegment),
  text: z.string(),
  /** Accepted chunks not yet transcribed. */
  pending: z.number().int(),
  /** Chunks that will not be transcribed; they count as settled, so a stopped transcript still ends. */
  failed_chunks: z.array(ZFailedChunk),
  /** Where the last decoded chunk ends: the length recorded so far, silent and failed chunks included. */
  recorded_seconds: z.number(),
});
export type TPartialTranscript = z.infer<typeof ZPartialTranscript>;

export const TRANSCRIPT_TEXT_MAX_LENGTH = 500_000;

/** PUT /user/consultations/{id}/evidences/transcript/text: the professional's corrected transcript. */
export const ZTranscriptTextBody = z.strictObject({
  text: zText({ max: TRANSCRIPT_TEXT_MAX_LENGTH, trim: true, required: 'Informe o texto' }),
});
export type TTranscriptTextBody = z.infer<typeof ZTranscriptTextBody>;

export const TRANSCRIPT_LINE_MAX_LENGTH = 10_000;

/**
 * PUT /user/consultations/{id}/evidences/transcript/segments/{seq}: one segment corrected, its times kept: its
 * text, who said it, or both. `index` picks the segment within the chunk (0 when left out).
 */
export const ZTranscriptSegmentBody = z
  .strictObject({
    text: zLine({ max: TRANSCRIPT_LINE_MAX_LENGTH, required: 'Informe o texto' }).optional(),
    speaker: ZSpeaker.optional(),
    index: z
      .number('Use um número inteiro')
      .int('Use um número inteiro')
      .min(0, 'Use 0 ou mais')
      .max(10_000)
      .optional(),
  })
  .refine((body) => body.text !== undefined || body.speaker !== undefined, {
    path: ['text'],
    message: 'Informe o texto ou quem fala',
  });
export type TTranscriptSegmentBody = z.infer<typeof ZTranscriptSegmentBody>;

export const ZTranscriptSegmentParams = ZUuidParam.extend({ seq: ZChunkQuery.shape.seq });

/** What made a transcript version: a recording that ended, or a person's correction. */
export const ZTranscriptVersionSource = z.enum(['recording', 'correction']);
export type TTranscriptVersionSource = z.infer<typeof ZTranscriptVersionSource>;

export const ZTranscriptVersion = z.object({
  version: z.number().int(),
  text: z.string(),
  source: ZTranscriptVersionSource,
  /** Who corrected it; null for a recording. */
  author_id: z.uuid().nullable(),
  created_at: z.iso.datetime(),
});
export type TTranscriptVersion = z.infer<typeof ZTranscriptVersion>;

/** A stored transcript: its current text, and every version, the first being the transcription as made. */
export const ZTranscriptEvidence = z.object({
  id: z.uuid(),
  kind: z.literal('transcript'),
  text: z.string(),
  version: z.number().int(),
  versions: z.array(ZTranscriptVersion),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TTranscriptEvidence = z.infer<typeof ZTranscriptEvidence>;

/** Who confirmed the patient's consent to record, and when; null until confirmed. */
export const ZRecordingConsent = z.object({ confirmed_by: z.uuid(), confirmed_at: z.iso.datetime() });
export type TRecordingConsent = z.infer<typeof ZRecordingConsent>;

/**
 * PUT /user/consultations/{id}/recording-consent (the body is optional): `ai_processing: true` records, with the
 * recording consent, the patient's consent to the AI processing her data (transcription, generation).
 */
export const ZRecordingConsentBody = z.strictObject({ ai_processing: z.boolean().optional() });
export type TRecordingConsentBody = z.infer<typeof ZRecordingConsentBody>;

/**
 * Live `transcript` message: one chunk's text, sent when it is transcribed, and again when who said its
 * segments changes (the role pass); `segments` are the chunk's, as partial-transcript lists them.
 * `interim: true` (TRANSCRIPTION_MODE=realtime): the words heard so far while the chunk is transcribed, not
 * stored; the chunk's next message without it replaces them.
 */
export const ZTranscriptMessage = ZTranscribedChunk.extend({
  type: z.literal('transcript'),
  consultation_id: z.uuid(),
  segments: z.array(ZTranscriptSegment),
  interim: z.boolean().optional(),
});
export type TTranscriptMessage = z.infer<typeof ZTranscriptMessage>;

/** Live `end` message: every accepted chunk is transcribed and the transcript is stored. */
export const ZTranscriptEndMessage = z.object({ type: z.literal('end'), consultation_id: z.uuid() });
export type TTranscriptEndMessage = z.infer<typeof ZTranscriptEndMessage>;
