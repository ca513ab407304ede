import type { TPartialTranscript, TTranscriptSegment } from '@escriba/contract';
import { asc, eq } from 'drizzle-orm';
import { consultations, transcriptChunks, transcriptions } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { consultationNotFound, ownConsultation } from '../consultations/get-consultation';
import { placeChunks, timelineColumns, toFailedChunk } from './chunk-timeline';
import { preferredMode, toTranscriptionView } from './transcription-store';
import { correctedLines } from './transcript-versions';

/** GET .../partial-transcript: the transcript so far in seq order, times from the start of the recording. */
export async function getPartialTranscript(
  app: App,
  userId: string,
  consultationId: string,
): Promise<TPartialTranscript> {
  const [found] = await app.db
    .select({ transcription: transcriptions })
    .from(consultations)
    .leftJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
    .where(ownConsultation(userId, consultationId));
  if (!found) throw consultationNotFound();
  const chunks = placeChunks(
    await app.db
      .select(timelineColumns)
      .from(transcriptChunks)
      .where(eq(transcriptChunks.consultationId, consultationId))
      .orderBy(asc(transcriptChunks.seq)),
  );
  const corrected = await correctedLines(app.db, consultationId);
  const segments: TTranscriptSegment[] = chunks
    .filter((chunk) => chunk.status === 'done')
    .map(({ seq, start, end, text }) => ({ seq, start, end, text: corrected.get(seq) ?? text ?? '' }));
  const nextSeq = (chunks.at(-1)?.seq ?? -1) + 1;
  // Never recorded: it will start with the professional's last choice.
  const transcription = found.transcription ?? (await preferredMode(app.db, userId));
  return {
    ...toTranscriptionView(transcription, nextSeq, app.config.transcription),
    segments,
    text: segments
      .map((segment) => segment.text)
      .filter(Boolean)
      .join('\n'),
    pending: chunks.filter((chunk) => chunk.status === 'pending').length,
    failed_chunks: chunks.filter((chunk) => chunk.status === 'failed').map(toFailedChunk),
  };
}
