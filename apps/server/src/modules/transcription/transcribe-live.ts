import type { AsrResult } from '../../providers/asr/asr-provider';
import { RealtimeError } from '../../providers/asr/realtime-transcription';
import type { App } from '../../platform/services';
import { readPcmWav, type DecodedAudio } from './audio/decode-audio';
import type { ChunkJob } from './settle-chunk';
import { publishLiveDelayed } from './transcript-messages';

/**
 * A stored chunk's text from the streaming provider (TRANSCRIPTION_MODE=realtime). Its words were shown while they
 * were spoken, from the recorder's live audio (live-audio/live-preview.ts), so its own words so far are not sent:
 * they would start over the words already shown. Undefined without a stream, or when the stream failed it: the
 * page is told its live text is late, and the chunk goes to batch.
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
  try {
    const text = await realtime.transcribe(job.consultationId, audio);
    return { text, segments: text ? [{ start: 0, end: audio.duration, text }] : [] };
  } catch (error) {
    if (!(error instanceof RealtimeError)) throw error;
    app.log.warn({ consultationId: job.consultationId, seq: job.seq, reason: error.message }, 'realtime stream failed');
    await publishLiveDelayed(app, userId, job.consultationId, error.message);
    return undefined;
  }
}
