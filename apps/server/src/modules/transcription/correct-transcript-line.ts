import type { TTranscriptEvidence } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { transcriptChunks } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { joinLines } from './chunk-timeline';
import { lockCorrectableTranscript, readTranscriptEvidence } from './transcript-evidence';
import { addTranscriptVersion, currentLines } from './transcript-versions';

/**
 * PUT .../evidences/transcript/segments/{seq}: one transcribed line corrected in place, as a new version
 * (the one before stays); the line keeps its chunk, so its times and its place in the text.
 */
export async function correctTranscriptLine(
  app: App,
  userId: string,
  consultationId: string,
  seq: number,
  text: string,
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
    const line = lines.find((each) => each.seq === seq);
    // A failed chunk's line is a marker of missing audio, not text to correct.
    if (!line || chunk?.status !== 'done') throw notFound('Trecho', 'masculine');
    if (line.text !== text) {
      const corrected = lines.map((each) => (each.seq === seq ? { seq, text } : each));
      await addTranscriptVersion(tx, stored, {
        source: 'correction',
        authorId: userId,
        lines: corrected,
        text: joinLines(corrected),
      });
    }
    return readTranscriptEvidence(tx, consultationId);
  });
}
