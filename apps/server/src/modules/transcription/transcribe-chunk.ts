import type { TProviderStatus, TTranscriptState } from '@escriba/contract';
import { and, eq, lt, ne, sum } from 'drizzle-orm';
import { consultations, transcriptChunks, transcriptions, type StoredSegment } from '../../db/schema/index';
import type { AsrResult } from '../../providers/asr/asr-provider';
import { AsrError } from '../../providers/asr/asr-provider';
import { createAsrProvider } from '../../providers/asr/create-asr-provider';
import type { App } from '../../platform/services';
import { cleanSegments } from './audio/clean-segments';
import { decodeAudio } from './audio/decode-audio';
import { isSilent } from './audio/silence';
import { finishTranscript } from './finish-transcript';
import { enqueueChunk } from './transcription-jobs';
import { effectiveMode, unconfiguredDetail } from './transcription-store';
import { publishProviderStatus, publishTranscript } from './transcript-messages';

interface ChunkJob {
  consultationId: string;
  seq: number;
  attempt?: number;
}

/**
 * The `transcribe-chunk` job. Idempotent: a chunk already transcribed is skipped, and its result is
 * stored only by the run that moves it from pending to done. A provider that is down or not
 * configured leaves the chunk pending (its audio stored) and is tried again later.
 */
export async function transcribeChunk(app: App, job: ChunkJob): Promise<void> {
  const { consultationId, seq } = job;
  const [found] = await app.db
    .select({ chunk: transcriptChunks, transcription: transcriptions, userId: consultations.userId })
    .from(transcriptChunks)
    .innerJoin(consultations, eq(consultations.id, transcriptChunks.consultationId))
    .leftJoin(transcriptions, eq(transcriptions.consultationId, transcriptChunks.consultationId))
    .where(and(eq(transcriptChunks.consultationId, consultationId), eq(transcriptChunks.seq, seq)));
  if (!found) return;
  const { chunk, transcription, userId } = found;
  if (chunk.status === 'pending') {
    const audio = chunk.audioKey ? await app.storage.get(chunk.audioKey) : undefined;
    if (!audio) throw new Error(`audio of chunk ${seq} of consultation ${consultationId} is missing`);
    const decoded = await decodeAudio(audio);
    // Known before the provider answers, so later chunks that finish first already have their offset.
    await app.db.update(transcriptChunks).set({ duration: decoded.duration }).where(chunkKey(job));
    let result: AsrResult = { text: '', segments: [] };
    if (!isSilent(decoded)) {
      const { mode, whisperSize } = effectiveMode(transcription ?? undefined, app.config.transcription);
      const provider = createAsrProvider(app.config.transcription, mode, whisperSize);
      if (!provider) return setProviderStatus(app, userId, consultationId, 'unconfigured', unconfiguredDetail(mode));
      try {
        result = await provider.transcribe({
          data: audio,
          fileName: chunk.audioKey!.split('/').at(-1)!,
          contentType: chunk.contentType,
        });
      } catch (error) {
        if (!(error instanceof AsrError)) throw error;
        await setProviderStatus(app, userId, consultationId, error.kind, error.message);
        return enqueueChunk(app, consultationId, seq, (job.attempt ?? 0) + 1);
      }
      if (transcription?.providerStatus !== 'ok') await setProviderStatus(app, userId, consultationId, 'ok', null);
    }
    const state = await storeResult(app, userId, job, decoded.duration, result);
    // A stop that commits after this chunk queues its own finish, which then finds nothing pending.
    if (state !== 'stopping') return;
  }
  await finishTranscript(app, consultationId);
}

/** Stores the chunk's text and sends its message; answers the transcription's state, seen under its lock. */
async function storeResult(
  app: App,
  userId: string,
  job: ChunkJob,
  duration: number,
  result: AsrResult,
): Promise<TTranscriptState | undefined> {
  const segments: StoredSegment[] = cleanSegments(result.segments).map(({ start, end, text }) => ({
    start,
    end,
    text,
  }));
  const text = segments.map((segment) => segment.text).join(' ');
  return app.db.transaction(async (tx) => {
    // The transcription's lock orders this chunk's message before the `end` that finishTranscript sends.
    const [transcription] = await tx
      .select({ state: transcriptions.state })
      .from(transcriptions)
      .where(eq(transcriptions.consultationId, job.consultationId))
      .for('update');
    const [updated] = await tx
      .update(transcriptChunks)
      .set({ status: 'done', duration, segments, text, transcribedAt: new Date() })
      .where(and(chunkKey(job), eq(transcriptChunks.status, 'pending')))
      .returning({ seq: transcriptChunks.seq });
    if (!updated) return transcription?.state;
    const [before] = await tx
      .select({ seconds: sum(transcriptChunks.duration).mapWith(Number) })
      .from(transcriptChunks)
      .where(and(eq(transcriptChunks.consultationId, job.consultationId), lt(transcriptChunks.seq, job.seq)));
    const start = before?.seconds ?? 0;
    await publishTranscript(app, userId, {
      consultation_id: job.consultationId,
      seq: job.seq,
      start,
      end: start + duration,
      text,
    });
    return transcription?.state;
  });
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
    .where(and(eq(transcriptions.consultationId, consultationId), ne(transcriptions.providerStatus, status)))
    .returning({ consultationId: transcriptions.consultationId });
  if (changed.length > 0) await publishProviderStatus(app, userId, consultationId, status, detail);
}

function chunkKey(job: ChunkJob) {
  return and(eq(transcriptChunks.consultationId, job.consultationId), eq(transcriptChunks.seq, job.seq));
}
