import type { TProviderStatus, TTranscriptState } from '@escriba/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { consultations, transcriptChunks, transcriptions } from '../../db/schema/index';
import type { AsrResult } from '../../providers/asr/asr-provider';
import { AsrError } from '../../providers/asr/asr-provider';
import type { App } from '../../platform/services';
import { AudioDecodeError, decodeAudio, type DecodedAudio } from './audio/decode-audio';
import { audioForProvider } from './audio/speech-gate';
import { finishTranscript } from './finish-transcript';
import { announceChunk, failChunk, storeResult, type ChunkFailure, type ChunkJob } from './settle-chunk';
import { enqueueChunk, enqueueRolePass } from './transcription-jobs';
import { effectiveMode, unconfiguredDetail, type TranscriptionRow } from './transcription-store';
import { publishProviderStatus } from './transcript-messages';

// A refusal of the audio itself is tried this many times in all (a provider's passing glitch
// should not lose a chunk), then the chunk fails rather than keep a stopped recording open forever.
const AUDIO_TRIES = 4;
const CORRUPT_AUDIO = 'o áudio deste trecho está corrompido e não pôde ser lido';
const MISSING_AUDIO = 'o áudio deste trecho não foi encontrado no armazenamento';
// Who said what is labelled from the content every few chunks while recording (and once more at the stop).
const ROLE_PASS_EVERY_CHUNKS = 3;

type ChunkRow = typeof transcriptChunks.$inferSelect;

/**
 * The `transcribe-chunk` job. Idempotent: a chunk already settled is skipped, and its result is
 * stored only by the run that moves it from pending to done (or failed). A provider that is down,
 * not configured or refusing its key leaves the chunk pending (its audio stored) and is tried again later.
 */
export async function transcribeChunk(app: App, job: ChunkJob): Promise<void> {
  const [found] = await app.db
    .select({ chunk: transcriptChunks, transcription: transcriptions, userId: consultations.userId })
    .from(transcriptChunks)
    .innerJoin(consultations, eq(consultations.id, transcriptChunks.consultationId))
    .leftJoin(transcriptions, eq(transcriptions.consultationId, transcriptChunks.consultationId))
    .where(and(eq(transcriptChunks.consultationId, job.consultationId), eq(transcriptChunks.seq, job.seq)));
  if (!found) return;
  const { chunk, transcription, userId } = found;
  if (chunk.status === 'pending') {
    const state = await settlePending(app, userId, job, chunk, transcription ?? undefined);
    // Nothing to send while it still waits for a provider.
    await announceChunk(app, userId, job);
    if (state !== undefined && (job.seq + 1) % ROLE_PASS_EVERY_CHUNKS === 0)
      await enqueueRolePass(app, job.consultationId);
    // A stop that commits after this chunk queues its own finish, which then finds nothing pending.
    if (state !== 'stopping') return;
  } else if (!chunk.isAnnounced) {
    // Settled by a run that died before sending its message.
    await announceChunk(app, userId, job);
  }
  await finishTranscript(app, job.consultationId);
}

/** Transcribes a pending chunk, or fails it; answers the transcription's state, or undefined while it waits. */
async function settlePending(
  app: App,
  userId: string,
  job: ChunkJob,
  chunk: ChunkRow,
  transcription: TranscriptionRow | undefined,
): Promise<TTranscriptState | undefined> {
  const audio = chunk.audioKey ? await app.storage.get(chunk.audioKey) : undefined;
  // Retrying cannot bring it back: the chunk is failed, so the recording can still end.
  if (!audio) return failChunk(app, job, { duration: null, reason: MISSING_AUDIO, isAudioGone: true });
  let decoded: DecodedAudio;
  try {
    decoded = await decodeAudio(audio);
  } catch (error) {
    if (!(error instanceof AudioDecodeError)) throw error;
    return refuseAudio(app, job, { duration: null, reason: CORRUPT_AUDIO });
  }
  // Known before the provider answers, so later chunks that finish first already have their offset.
  await app.db
    .update(transcriptChunks)
    .set({ duration: decoded.duration })
    .where(and(eq(transcriptChunks.consultationId, job.consultationId), eq(transcriptChunks.seq, job.seq)));
  let result: AsrResult = { text: '', segments: [] };
  const speech = await audioForProvider(app.voiceActivity, decoded, {
    data: audio,
    fileName: chunk.audioKey!.split('/').at(-1)!,
    contentType: chunk.contentType,
  });
  if (speech) {
    const { mode, whisperSize } = effectiveMode(transcription, app.config.transcription);
    const provider = app.providers.asr(mode, whisperSize);
    if (!provider) {
      await setProviderStatus(app, userId, job.consultationId, 'unconfigured', unconfiguredDetail(mode));
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
      await setProviderStatus(app, userId, job.consultationId, status, error.message);
      await enqueueChunk(app, job.consultationId, job.seq, { attempt: (job.attempt ?? 0) + 1, refusals: job.refusals });
      return undefined;
    }
    if (transcription?.providerStatus !== 'ok') {
      await setProviderStatus(app, userId, job.consultationId, 'ok', null);
      // The provider is back: chunks waiting out a long backoff need not wait any longer.
      await app.jobs.expedite('transcribe-chunk');
    }
  }
  return storeResult(app, job, decoded.duration, result);
}

/** The chunk's own audio was refused (by the provider or our decoder): tried again a few times, then failed. */
async function refuseAudio(app: App, job: ChunkJob, failure: ChunkFailure): Promise<TTranscriptState | undefined> {
  const refusals = (job.refusals ?? 0) + 1;
  if (refusals >= AUDIO_TRIES) return failChunk(app, job, failure);
  await enqueueChunk(app, job.consultationId, job.seq, { attempt: (job.attempt ?? 0) + 1, refusals });
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
