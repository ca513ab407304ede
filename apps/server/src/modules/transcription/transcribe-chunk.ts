import type { TProviderStatus } from '@escriba/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { perDatabase } from '../../db/per-database';
import { consultations, transcriptChunks, transcriptions } from '../../db/schema/index';
import type { AsrResult } from '../../providers/asr/asr-provider';
import { AsrError } from '../../providers/asr/asr-provider';
import type { RunningJob } from '../../platform/jobs/queue-worker';
import type { App } from '../../platform/services';
import { AudioDecodeError, decodeAudio, type DecodedAudio } from './audio/decode-audio';
import { audioForProvider } from './audio/speech-gate';
import { finishTranscript } from './finish-transcript';
import { transcribeLive } from './transcribe-live';
import {
  announceChunk,
  chunkKey,
  chunkPlaceholders,
  failChunk,
  settledBefore,
  storeResult,
  type ChunkFailure,
  type ChunkJob,
  type Settled,
} from './settle-chunk';
import { enqueueChunk } from './transcription-jobs';
import { effectiveMode, unconfiguredDetail } from './transcription-store';
import { publishProviderStatus } from './transcript-messages';

// A refusal of the audio itself is tried this many times in all (a provider's passing glitch
// should not lose a chunk), then the chunk fails rather than keep a stopped recording open forever.
const AUDIO_TRIES = 4;
const CORRUPT_AUDIO = 'o áudio deste trecho está corrompido e não pôde ser lido';
const MISSING_AUDIO = 'o áudio deste trecho não foi encontrado no armazenamento';

/**
 * The `transcribe-chunk` job. Idempotent: a chunk already settled is only announced if no run did, and its result
 * is stored only by the run that moves it from pending to done (or failed). A provider that is down, not
 * configured or refusing its key leaves the chunk pending (its audio stored) and is tried again later.
 */
export async function transcribeChunk(app: App, job: ChunkJob, running: RunningJob): Promise<void> {
  const settled = await settle(app, job);
  // Nothing to send while it still waits for a provider.
  if (!settled) return;
  if (settled.announcement) await announceChunk(app, job, settled.announcement, running);
  // A stop that commits after this chunk queues its own finish, which then finds nothing pending.
  if (settled.state === 'stopping') await finishTranscript(app, job.consultationId);
}

/** Transcribes a pending chunk, or fails it; undefined while it waits for a provider or a retry. */
async function settle(app: App, job: ChunkJob): Promise<Settled | undefined> {
  const audioKey = job.audioKey ?? (await storedAudioKey(app, job));
  const audio = audioKey ? await app.storage.get(audioKey) : undefined;
  // Retrying cannot bring it back: the chunk is failed, so the recording can still end.
  if (!audio) return failChunk(app, job, { duration: null, reason: MISSING_AUDIO, isAudioGone: true });
  let decoded: DecodedAudio;
  try {
    decoded = await decodeAudio(audio);
  } catch (error) {
    if (!(error instanceof AudioDecodeError)) throw error;
    return refuseAudio(app, job, { duration: null, reason: CORRUPT_AUDIO });
  }
  const pending = await markDecoded(app, job, decoded.duration);
  if (!pending) return settledBefore(app, job);
  let result: AsrResult = { text: '', segments: [] };
  const speech = await audioForProvider(
    app.voiceActivity,
    decoded,
    { data: audio, fileName: audioKey!.split('/').at(-1)!, contentType: pending.contentType },
    pending.isSpeechDetected === true,
  );
  const live = speech && (await transcribeLive(app, pending.userId, job, decoded, speech.data));
  if (live) {
    result = live;
  } else if (speech) {
    const { mode, whisperSize } = effectiveMode(pending, app.config.transcription);
    const provider = app.providers.asr(mode, whisperSize);
    if (!provider) {
      await setProviderStatus(app, pending.userId, job.consultationId, 'unconfigured', unconfiguredDetail(mode));
      return undefined;
    }
    try {
      result = await provider.transcribe(speech);
    } catch (error) {
      if (!(error instanceof AsrError)) throw error;
      if (error.kind === 'audio_refused')
        return refuseAudio(app, job, { duration: decoded.duration, reason: error.message });
      // A refused key is the server's configuration, like an outage: the chunk waits for it to be fixed.
      const status = error.kind === 'key_refused' ? 'unavailable' : error.kind;
      await setProviderStatus(app, pending.userId, job.consultationId, status, error.message);
      await enqueueChunk(app, { ...job, attempt: (job.attempt ?? 0) + 1 });
      return undefined;
    }
  }
  if (speech && pending.providerStatus !== 'ok') {
    await setProviderStatus(app, pending.userId, job.consultationId, 'ok', null);
    // A provider is back: chunks waiting out a long backoff need not wait any longer.
    await app.jobs.expedite('transcribe-chunk');
  }
  return storeResult(app, job, decoded.duration, result);
}

/**
 * Stores a pending chunk's length, known before the provider answers, so later chunks that finish first already
 * have their offset; answers what transcribing it needs, or undefined when it is no longer pending.
 */
async function markDecoded(app: App, job: ChunkJob, duration: number) {
  const [pending] = await decodedChunkUpdate(app.db).execute({
    consultationId: job.consultationId,
    seq: job.seq,
    duration,
  });
  return pending;
}

const decodedChunkUpdate = perDatabase((db) =>
  db
    .update(transcriptChunks)
    .set({ duration: sql`${sql.placeholder('duration')}` })
    .from(transcriptions)
    .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
    .where(
      and(
        chunkKey(chunkPlaceholders),
        eq(transcriptChunks.status, 'pending'),
        eq(transcriptions.consultationId, transcriptChunks.consultationId),
      ),
    )
    .returning({
      userId: consultations.userId,
      contentType: transcriptChunks.contentType,
      isSpeechDetected: transcriptChunks.isSpeechDetected,
      mode: transcriptions.mode,
      whisperSize: transcriptions.whisperSize,
      providerStatus: transcriptions.providerStatus,
    })
    .prepare('mark-chunk-decoded'),
);

/** Jobs queued before the audio's key travelled with them look it up. */
async function storedAudioKey(app: App, job: ChunkJob): Promise<string | null> {
  const [row] = await app.db
    .select({ audioKey: transcriptChunks.audioKey })
    .from(transcriptChunks)
    .where(chunkKey(job));
  return row?.audioKey ?? null;
}

/** The chunk's own audio was refused (by the provider or our decoder): tried again a few times, then failed. */
async function refuseAudio(app: App, job: ChunkJob, failure: ChunkFailure): Promise<Settled | undefined> {
  const refusals = (job.refusals ?? 0) + 1;
  if (refusals >= AUDIO_TRIES) return failChunk(app, job, failure);
  await enqueueChunk(app, { ...job, attempt: (job.attempt ?? 0) + 1, refusals });
  return undefined;
}

/** Records why chunks wait (or that they no longer do), telling the professional only of a change. */
async function setProviderStatus(
  app: App,
  userId: string,
  consultationId: string,
  status: TProviderStatus,
  detail: string | null,
): Promise<void> {
  const changed = await app.db
    .update(transcriptions)
    .set({ providerStatus: status, providerDetail: detail })
    .where(
      and(
        eq(transcriptions.consultationId, consultationId),
        // A new reason under the same status (an outage, then a refused key) is news too.
        or(ne(transcriptions.providerStatus, status), sql`${transcriptions.providerDetail} is distinct from ${detail}`),
      ),
    )
    .returning({ consultationId: transcriptions.consultationId });
  if (changed.length > 0) await publishProviderStatus(app, userId, consultationId, status, detail);
}
