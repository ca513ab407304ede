import type { TTranscription, TTranscriptionModeQuery } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { transcriptions } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { inTransaction, type AfterCommit, type Tx } from '../../platform/transaction';
import { lockConsultation } from '../consultations/get-consultation';
import { recordingMoved } from '../consultations/recording-status';
import { enqueueFinish, retryPendingNow } from './transcription-jobs';
import { chunkCounts, lockTranscription, toTranscriptionView, type TranscriptionRow } from './transcription-store';

/** PUT .../evidences/transcript/mode: kept per consultation; chunks waiting for a provider are tried again with it. */
export async function setTranscriptionMode(
  app: App,
  userId: string,
  consultationId: string,
  query: TTranscriptionModeQuery,
): Promise<TTranscription> {
  const view = await change(app, userId, consultationId, () => ({
    mode: query.mode,
    whisperSize: query.whisper_size ?? null,
    providerStatus: 'ok',
    providerDetail: null,
  }));
  await retryPendingNow(app, consultationId);
  return view;
}

/**
 * DELETE .../evidences/transcript: stops accepting chunks. Those accepted are still transcribed; the
 * transcript is stored when the last is done. A recording consultation goes back to draft.
 */
export async function stopTranscription(app: App, userId: string, consultationId: string): Promise<TTranscription> {
  const view = await change(
    app,
    userId,
    consultationId,
    (row) => (row.state === 'recording' ? { state: 'stopping' } : {}),
    { recording: 'stopped', queue: (within) => enqueueFinish(app, consultationId, within) },
  );
  await app.consultationLists.invalidate(userId);
  return view;
}

/**
 * POST .../evidences/transcript/continue ("continuar gravação"): a stopped transcript accepts chunks
 * again, numbered on from `next_seq`; the next stop appends the new text to the stored transcript.
 */
export async function continueTranscription(app: App, userId: string, consultationId: string): Promise<TTranscription> {
  return change(app, userId, consultationId, async (row, tx) => {
    if (row.state === 'recording') return {};
    if (row.state === 'stopping') {
      throw new AppError('conflict', 'A transcrição anterior ainda está sendo concluída; tente em instantes');
    }
    return { state: 'recording', runStartSeq: (await chunkCounts(tx, consultationId)).nextSeq };
  });
}

/** What a change does beside the transcription's row: the consultation's status, the job it queues with it. */
interface ChangeEffects {
  recording?: 'stopped';
  queue?: (within: { tx: Tx; afterCommit: AfterCommit }) => Promise<void>;
}

async function change(
  app: App,
  userId: string,
  consultationId: string,
  changes: (row: TranscriptionRow, tx: Tx) => Partial<TranscriptionRow> | Promise<Partial<TranscriptionRow>>,
  { recording, queue }: ChangeEffects = {},
): Promise<TTranscription> {
  return inTransaction(app, async (tx, afterCommit) => {
    const consultation = await lockConsultation(tx, userId, consultationId);
    const current = await lockTranscription(tx, userId, consultationId);
    const [row] = await tx
      .update(transcriptions)
      .set({ ...(await changes(current, tx)), updatedAt: new Date() })
      .where(eq(transcriptions.consultationId, consultationId))
      .returning();
    if (recording) await recordingMoved(tx, consultation, recording);
    await queue?.({ tx, afterCommit });
    return toTranscriptionView(row, (await chunkCounts(tx, consultationId)).nextSeq, app.config.transcription);
  });
}
