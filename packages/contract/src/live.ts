import { z } from 'zod';
import { ZDocumentKind } from './document-kind';
import { ZEvidenceStatus } from './evidence';
import { ZProviderStatus, ZTranscriptSegment } from './transcription';

/** Spec §3 "Live message": the kinds of message on the live channel. */
export const ZLiveMessageType = z.enum(['system', 'transcript', 'anamnesis', 'evidence', 'end']);
export type TLiveMessageType = z.infer<typeof ZLiveMessageType>;

export const ZLiveMessage = z
  .object({
    type: ZLiveMessageType,
    status_code: z.number().int().optional(),
    detail: z.string().optional(),
    // transcript, end and transcription system messages (see transcription.ts):
    consultation_id: z.uuid().optional(),
    seq: z.number().int().optional(),
    start: z.number().optional(),
    end: z.number().optional(),
    text: z.string().optional(),
    segments: z.array(ZTranscriptSegment).optional(),
    interim: z.boolean().optional(),
    provider_status: ZProviderStatus.optional(),
    // evidence messages (see evidence.ts):
    evidence_id: z.uuid().optional(),
    status: ZEvidenceStatus.optional(),
    // a document's anamnesis, end and system messages (see document.ts); the note's carry neither:
    document_id: z.uuid().optional(),
    kind: ZDocumentKind.optional(),
  })
  .loose();
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

/** The code a live socket (the channel, the recorder's audio) is closed with when its session is over. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
