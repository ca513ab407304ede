import type { TTranscriptEvidence, TTranscriptSegmentBody } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { transcriptChunks } from '../../db/schema/index';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { joinLines } from './chunk-timeline';
import { lockCorrectableTranscript, readTranscriptEvidence } from './transcript-evidence';
import { addTranscriptVersion, currentLines } from './transcript-versions';

/**
 * PUT .../evidences/transcript/segments/{seq}: one segment (`index` within the chunk, 0 when left out) corrected in
 * place, its text, who said it or both, as a new version by its author (the one before stays); the segment keeps
 * its times and its place in the text. The same text and speaker make no version.
 */
export async function correctTranscriptLine(
  app: App,
  userId: string,
  consultationId: string,
  seq: number,
  { text, speaker, index }: TTranscriptSegmentBody,
): Promise<TTranscriptEvidence> {
  return app.db.transaction(async (tx) => {
    const stored = await lockCorrectableTranscript(tx, userId, consultationId);
    const lines = await currentLines(tx, stored);
    if (!lines) {
      throw new AppError(
        'conflict',
        'A transcrição foi corrigida por inteiro, sem os trechos: corrija o texto completo',
      );
    }
    const [chunk] = await tx
      .select({ status: transcriptChunks.status })
      .from(transcriptChunks)
      .where(and(eq(transcriptChunks.consultationId, consultationId), eq(transcriptChunks.seq, seq)));
    const chunkLines = lines.filter((each) => each.seq === seq);
    // A failed chunk's line is a marker of missing audio, not text to correct.
    if (chunkLines.length === 0 || chunk?.status !== 'done') throw notFound('Trecho', 'masculine');
    const line = chunkLines.find((each) => (each.index ?? 0) === (index ?? 0));
    if (!line) {
      const indexes = chunkLines.map((each) => each.index ?? 0).join(', ');
      throw fieldError(['body', 'index'], `O trecho ${seq} não tem o segmento ${index}: use ${indexes}`);
    }
    const corrected = { ...line, text: text ?? line.text, ...(speaker && { speaker }) };
    if (corrected.text !== line.text || corrected.speaker !== line.speaker) {
      const next = lines.map((each) => (each === line ? corrected : each));
      await addTranscriptVersion(tx, stored, {
        source: 'correction',
        authorId: userId,
        lines: next,
        text: joinLines(next),
      });
    }
    return readTranscriptEvidence(tx, consultationId);
  });
}
