import { canChangeStatus, CONSULTATION_STATUS_LABELS, type TChunkAccepted, type TChunkQuery } from '@escriba/contract';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { perDatabase } from '../../db/per-database';
import { consultations, transcriptChunks, transcriptions } from '../../db/schema/index';
import { recordAccessWithin } from '../../platform/access-log/patient-access';
import { AppError } from '../../platform/errors';
import { discardUpload } from '../../platform/http/streamed-upload';
import type { App } from '../../platform/services';
import { consultationFolder } from '../../platform/storage/storage';
import { inTransaction, type Tx } from '../../platform/transaction';
import { assertAiEnabled } from '../consultations/ai-choice';
import { consultationNotFound, lockConsultation, ownConsultation } from '../consultations/get-consultation';
import { recordingMoved } from '../consultations/recording-status';
import { receiveAudio } from './audio/receive-audio';
import { chunkKey, chunkPlaceholders } from './settle-chunk';
import { enqueueChunk } from './transcription-jobs';
import { lockTranscription } from './transcription-store';

// What the answer shows of a chunk; a wider row would only cost the event loop more to read.
const answeredColumns = {
  seq: transcriptChunks.seq,
  size: transcriptChunks.size,
  contentType: transcriptChunks.contentType,
};
type AnsweredChunk = Pick<typeof transcriptChunks.$inferSelect, keyof typeof answeredColumns>;

/**
 * Stores one chunk durably and queues its transcription; answered (202) before it is transcribed.
 * Idempotent by (consultation, seq): a chunk sent again is stored once and answered as the first time.
 */
export async function acceptChunk(
  app: App,
  userId: string,
  consultationId: string,
  query: TChunkQuery,
  request: FastifyRequest,
): Promise<TChunkAccepted> {
  const { seq } = query;
  const before = await findChunk(app, userId, consultationId, seq);
  if (before.chunk) {
    await discardUpload(request);
    return toAnswer(before.chunk);
  }
  // Refused before the audio is stored, so a stopped recording keeps nothing; a chunk over the professional's
  // limit neither (429 with Retry-After: the browser keeps it and sends it again then).
  const limit = app.rateLimits.chunksPerProfessional;
  try {
    refuseUnlessRecording(before);
    await limit.consume(userId);
  } catch (error) {
    await discardUpload(request);
    throw error;
  }
  const { chunk, isStatusChanged } = await storeChunk(app, userId, consultationId, query, request).catch(
    limit.refundOnFailure(userId),
  );
  if (isStatusChanged) await app.consultationLists.invalidate(userId);
  return toAnswer(chunk);
}

/**
 * Stores the audio, then in one transaction its row (moving a draft to recording), its transcription's job and the
 * access log's row; a refusal under the lock removes the audio.
 */
async function storeChunk(
  app: App,
  userId: string,
  consultationId: string,
  { seq, speech, silence_ms: silenceMs }: TChunkQuery,
  request: FastifyRequest,
) {
  const audio = await receiveAudio(request, app.config.transcription.maxChunkBytes);
  const audioKey = `${consultationFolder(consultationId)}/audio/${String(seq).padStart(6, '0')}.${audio.type.extension}`;
  await app.storage.put(audioKey, audio.body);
  const stored = inTransaction(app, async (tx, afterCommit) => {
    const { consultation, transcription } = await lockRecording(tx, userId, consultationId);
    // Inserted first, one statement where a look for it would make two; a refusal below rolls the row back.
    const [inserted] = await tx
      .insert(transcriptChunks)
      .values({
        consultationId,
        seq,
        audioKey,
        contentType: audio.type.mime,
        size: audio.size(),
        isSpeechDetected: speech === 'detected' ? true : null,
        silenceBefore: (silenceMs ?? 0) / 1000,
      })
      .onConflictDoNothing()
      .returning(answeredColumns);
    if (!inserted) {
      const [existing] = await tx
        .select(answeredColumns)
        .from(transcriptChunks)
        .where(chunkKey({ consultationId, seq }));
      return { chunk: existing!, isStatusChanged: false };
    }
    refuseUnlessRecording({ consultation, state: transcription.state });
    const isStatusChanged = await recordingMoved(tx, consultation, 'started');
    await enqueueChunk(app, { consultationId, seq, audioKey }, { tx, afterCommit });
    await recordAccessWithin(request, tx, toAnswer(inserted));
    return { chunk: inserted, isStatusChanged };
  });
  return stored.catch(async (error: unknown) => {
    // Refused under the consultation's lock (stopped or concluded meanwhile): no chunk row holds this key.
    if (error instanceof AppError) await app.storage.remove(audioKey);
    throw error;
  });
}

/**
 * The consultation and its transcription, locked for the transaction: one statement once the recording has begun;
 * the first chunk creates the transcription.
 */
async function lockRecording(tx: Tx, userId: string, consultationId: string): Promise<LockedRecording> {
  const [both] = await tx
    .select({ consultation: checkedColumns, transcription: { state: transcriptions.state } })
    .from(consultations)
    .innerJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
    .where(ownConsultation(userId, consultationId))
    .for('update');
  if (both) return both;
  const consultation = await lockConsultation(tx, userId, consultationId);
  return { consultation, transcription: await lockTranscription(tx, userId, consultationId) };
}

// What refusing a chunk and moving a draft to recording read of the consultation.
const checkedColumns = {
  id: consultations.id,
  status: consultations.status,
  consentConfirmedAt: consultations.consentConfirmedAt,
  aiEnabled: consultations.aiEnabled,
};
type CheckedConsultation = Pick<typeof consultations.$inferSelect, keyof typeof checkedColumns>;
type TranscriptionState = (typeof transcriptions.$inferSelect)['state'];

interface LockedRecording {
  consultation: CheckedConsultation;
  transcription: { state: TranscriptionState };
}

interface RecordingCheck {
  consultation: Omit<CheckedConsultation, 'id'>;
  state: TranscriptionState | undefined;
}

/** The consultation, its transcription's state and the chunk if it was stored before: what a chunk is refused by. */
const chunkLookup = perDatabase((db) =>
  db
    .select({ consultation: checkedColumns, state: transcriptions.state, chunk: answeredColumns })
    .from(consultations)
    .leftJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
    .leftJoin(transcriptChunks, chunkKey(chunkPlaceholders))
    .where(ownConsultation(sql.placeholder('userId'), chunkPlaceholders.consultationId))
    .prepare('find-chunk'),
);

async function findChunk(app: App, userId: string, consultationId: string, seq: number) {
  const [row] = await chunkLookup(app.db).execute({ userId, consultationId, seq });
  if (!row) throw consultationNotFound();
  return { consultation: row.consultation, state: row.state ?? undefined, chunk: row.chunk ?? undefined };
}

function refuseUnlessRecording({ consultation, state }: RecordingCheck): void {
  assertAiEnabled(consultation, 'recording');
  if (!consultation.consentConfirmedAt) {
    throw new AppError('conflict', 'Confirme o consentimento do paciente antes de gravar (PUT .../recording-consent)');
  }
  if (state && state !== 'recording') {
    throw new AppError(
      'conflict',
      'A transcrição desta consulta foi encerrada; para gravar mais, use "continuar gravação" (POST .../evidences/transcript/continue)',
    );
  }
  if (!canChangeStatus(consultation.status, 'recording')) {
    throw new AppError(
      'conflict',
      `Uma consulta em "${CONSULTATION_STATUS_LABELS[consultation.status]}" não pode ser gravada; reabra-a antes`,
    );
  }
}

function toAnswer(chunk: AnsweredChunk): TChunkAccepted {
  return { seq: chunk.seq, size: chunk.size, content_type: chunk.contentType };
}
