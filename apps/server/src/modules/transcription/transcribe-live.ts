import type { AsrResult } from '../../providers/asr/asr-provider';
import { RealtimeError } from '../../providers/asr/realtime-transcription';
import type { App } from '../../platform/services';
import { readPcmWav, type DecodedAudio } from './audio/decode-audio';
import { chunkStart, type ChunkJob } from './settle-chunk';
import { publishInterim, publishLiveDelayed } from './transcript-messages';

/**
 * A stored chunk's text from the streaming provider (TRANSCRIPTION_MODE=realtime), its words so far sent as interim
 * `transcript` messages meanwhile. Undefined without a stream, or when the stream failed it: the page is told its
 * live text is late, and the chunk goes to batch.
 */
export async function transcribeLive(
  app: App,
  userId: string,
  job: ChunkJob,
  decoded: DecodedAudio,
  speechWav: Buffer,
): Promise<AsrResult | undefined> {
  const realtime = app.providers.realtime;
  if (!realtime) return undefined;
  // The speech as the batch provider would get it (raised when quiet), or else the decoded chunk.
  const audio = { ...decoded, ...readPcmWav(speechWav) };
  const start = await chunkStart(app.db, job);
  const chunk = { seq: job.seq, start, end: start + audio.duration };
  try {
    const text = await realtime.transcribe(job.consultationId, audio, (words) => {
      void publishInterim(app, userId, job.consultationId, chunk, words);
    });
    return { text, segments: text ? [{ start: 0, end: audio.duration, text }] : [] };
  } catch (error) {
    if (!(error instanceof RealtimeError)) throw error;
    app.log.warn({ consultationId: job.consultationId, seq: job.seq, reason: error.message }, 'realtime stream failed');
    await publishLiveDelayed(app, userId, job.consultationId, error.message);
    return undefined;
  }
}
