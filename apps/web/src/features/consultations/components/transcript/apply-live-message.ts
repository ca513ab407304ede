import type { TLiveMessage, TPartialTranscript, TTranscriptSegment } from '@escriba/contract';

/**
 * What a live message means for one consultation's transcript: read it from the server again (`end`,
 * which can overtake the paced `transcript` messages, a chunk that failed, and every (re)connection,
 * since messages sent while the socket was down are not kept), apply it, or nothing (another
 * consultation's, and the note's or a document's).
 */
export function liveTranscriptAction(message: TLiveMessage, consultationId: string): 'refetch' | 'apply' | 'ignore' {
  if (message.type === 'system' && message.status_code === 200) return 'refetch';
  // A generation's parts, `end` and failures carry the note's or the document's id: nothing about the transcript.
  const isGeneration = message.anamnesis_id !== undefined || message.document_id !== undefined;
  if (message.consultation_id !== consultationId || isGeneration) return 'ignore';
  // A `system` message about one chunk: it could not be transcribed, and the server has the details.
  const isChunkFailure = message.type === 'system' && message.seq !== undefined;
  return message.type === 'end' || isChunkFailure ? 'refetch' : 'apply';
}

/**
 * The partial transcript after one live message of its consultation: a `transcript` message adds (or
 * replaces) its chunk's segments in seq order and is one chunk fewer pending when new; a `system` message with
 * a provider status updates it. Pure, so the page and its tests agree on what a message changes.
 */
export function applyLiveMessage(transcript: TPartialTranscript, message: TLiveMessage): TPartialTranscript {
  if (message.type === 'transcript' && message.seq !== undefined) {
    const { seq } = message;
    // A message is a chunk's segments, sent again when who said them changes.
    const chunkSegments: TTranscriptSegment[] = message.segments ?? [
      {
        seq,
        index: 0,
        start: message.start ?? 0,
        end: message.end ?? 0,
        text: message.text ?? '',
        speaker: 'desconhecido',
      },
    ];
    const isNew = !transcript.segments.some((known) => known.seq === seq);
    const segments = [...transcript.segments.filter((known) => known.seq !== seq), ...chunkSegments].sort(
      (a, b) => a.seq - b.seq || a.index - b.index,
    );
    return {
      ...transcript,
      segments,
      text: segments
        .map((known) => known.text)
        .filter(Boolean)
        .join('\n'),
      pending: isNew ? Math.max(0, transcript.pending - 1) : transcript.pending,
      next_seq: Math.max(transcript.next_seq, seq + 1),
      recorded_seconds: Math.max(transcript.recorded_seconds, message.end ?? 0),
    };
  }
  if (message.type === 'system' && message.provider_status) {
    const isOk = message.provider_status === 'ok';
    return {
      ...transcript,
      provider_status: message.provider_status,
      provider_detail: isOk ? null : (message.detail ?? null),
    };
  }
  return transcript;
}
