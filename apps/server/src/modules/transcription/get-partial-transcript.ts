import { ZPartialTranscript, type TPartialTranscript } from '@escriba/contract';
import { CompressedJson } from '../../platform/http/compressed-json';
import { jsonSerializer } from '../../platform/http/serializer';
import type { App } from '../../platform/services';
import { toFailedChunk } from './chunk-timeline';
import type { PartialTranscriptCache } from './partial-transcript-cache';
import { preferredMode, toTranscriptionView, type TranscriptionRow } from './transcription-store';
import { readSegmentedChunks, segmenter } from './transcript-segments';
import { currentVersionLines } from './transcript-versions';

const serializePartialTranscript = jsonSerializer(ZPartialTranscript);

/**
 * GET .../partial-transcript: the transcript so far, segment by segment in seq order with who said each, times
 * from the start of the recording; the same answer, compressed once, while its rows are unchanged.
 */
export async function getPartialTranscript(
  app: App,
  answers: PartialTranscriptCache,
  userId: string,
  consultationId: string,
): Promise<CompressedJson> {
  const { stamp, body, transcription } = await answers.look(app.db, userId, consultationId);
  if (body) return body;
  const built = new CompressedJson(
    serializePartialTranscript(await buildPartialTranscript(app, userId, consultationId, transcription)),
  );
  if (stamp !== undefined) answers.keep(consultationId, stamp, built);
  return built;
}

/** Built from the rows of a consultation the professional's own (look() checked it and read its transcription). */
async function buildPartialTranscript(
  app: App,
  userId: string,
  consultationId: string,
  stored: TranscriptionRow | undefined,
): Promise<TPartialTranscript> {
  const [chunks, lines] = await Promise.all([
    readSegmentedChunks(app.db, consultationId),
    currentVersionLines(app.db, consultationId),
  ]);
  const segments = chunks.flatMap(segmenter(chunks, lines));
  const nextSeq = (chunks.at(-1)?.seq ?? -1) + 1;
  // Never recorded: it will start with the professional's last choice.
  const transcription = stored ?? (await preferredMode(app.db, userId));
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
