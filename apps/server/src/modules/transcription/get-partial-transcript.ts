import type { TPartialTranscript } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { consultations, transcriptions } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { consultationNotFound, ownConsultation } from '../consultations/get-consultation';
import { toFailedChunk } from './chunk-timeline';
import { preferredMode, toTranscriptionView } from './transcription-store';
import { readSegmentedChunks, segmenter } from './transcript-segments';
import { currentVersionLines } from './transcript-versions';

/**
 * GET .../partial-transcript: the transcript so far, segment by segment in seq order with who said each, times
 * from the start of the recording.
 */
export async function getPartialTranscript(
  app: App,
  userId: string,
  consultationId: string,
): Promise<TPartialTranscript> {
  // Read side by side: the chunks and lines of a consultation not hers are read, then dropped unanswered.
  const [[found], chunks, lines] = await Promise.all([
    app.db
      .select({ transcription: transcriptions })
      .from(consultations)
      .leftJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
      .where(ownConsultation(userId, consultationId)),
    readSegmentedChunks(app.db, consultationId),
    currentVersionLines(app.db, consultationId),
  ]);
  if (!found) throw consultationNotFound();
  const segments = chunks.flatMap(segmenter(chunks, lines));
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
    recorded_seconds: chunks.at(-1)?.end ?? 0,
  };
}
