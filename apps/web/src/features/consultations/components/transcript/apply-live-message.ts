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

/** Words heard so far of a chunk being transcribed (TRANSCRIPTION_MODE=realtime), shown until its final text. */
export type InterimSegment = TTranscriptSegment & { interim: true };

export function isInterim(line: object): line is InterimSegment {
  return 'interim' in line && line.interim === true;
}

/**
 * The partial transcript as the page keeps it: `live_delay` says why the stream's words are late (it dropped or
 * stalled, and its chunks go through batch), until the stream answers again.
 */
export type LiveTranscript = TPartialTranscript & { live_delay?: string };

/**
 * The partial transcript after one live message of its consultation: a `transcript` message adds (or
 * replaces) its chunk's segments in seq order and is one chunk fewer pending when new; an interim one shows its
 * chunk's words so far until the chunk's final message replaces them. A `system` message with a provider status
 * updates it, and one with neither status nor seq says the live words are late. Pure, so the page and its tests
 * agree on what a message changes.
 */
export function applyLiveMessage(transcript: LiveTranscript, message: TLiveMessage): LiveTranscript {
  if (message.type === 'transcript' && message.seq !== undefined) {
    const { seq } = message;
    const isFinal = (known: TTranscriptSegment) => known.seq === seq && !isInterim(known);
    // Words so far that arrive after the final text (another instance's, late) change nothing.
    if (message.interim && transcript.segments.some(isFinal)) return transcript;
    // A message is a chunk's segments, sent again when who said them changes.
    const chunkSegments: TTranscriptSegment[] = (
      message.segments ?? [
        {
          seq,
          index: 0,
          start: message.start ?? 0,
          end: message.end ?? 0,
          text: message.text ?? '',
          speaker: 'desconhecido',
        },
      ]
    ).map((segment) => (message.interim ? { ...segment, interim: true } : segment));
    const isNew = !message.interim && !transcript.segments.some(isFinal);
    const segments = [...transcript.segments.filter((known) => known.seq !== seq), ...chunkSegments].sort(
      (a, b) => a.seq - b.seq || a.index - b.index,
    );
    return {
      ...transcript,
      // The stream answers again: its words are no longer late.
      ...(message.interim && { live_delay: undefined }),
      segments,
      text: segments
        .filter((known) => !isInterim(known))
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
  if (message.type === 'system' && message.seq === undefined && message.detail) {
    return { ...transcript, live_delay: message.detail };
  }
  return transcript;
}
