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
  const [found] = await app.db
    .select({ transcription: transcriptions })
    .from(consultations)
    .leftJoin(transcriptions, eq(transcriptions.consultationId, consultations.id))
    .where(ownConsultation(userId, consultationId));
  if (!found) throw consultationNotFound();
  const chunks = await readSegmentedChunks(app.db, consultationId);
  const segments = chunks.flatMap(segmenter(chunks, await currentVersionLines(app.db, consultationId)));
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
