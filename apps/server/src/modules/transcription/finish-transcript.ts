import { and, asc, eq, gte } from 'drizzle-orm';
import { consultations, evidences, evidenceVersions, transcriptChunks, transcriptions } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { consultationFolder } from '../../platform/storage/storage';
import { chunkCounts } from './transcription-store';
import { publishEnd } from './transcript-messages';

/**
 * Once a stopped recording has no chunk left to transcribe, stores its transcript as the
 * consultation's `transcript` evidence and sends `end`. Idempotent: only the run that moves the
 * transcription from `stopping` to `stopped` does anything. After "continuar gravação" the new
 * run's text is appended to the stored text as a new version, keeping corrections.
 */
export async function finishTranscript(app: App, consultationId: string): Promise<void> {
  const userId = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ transcription: transcriptions, userId: consultations.userId })
      .from(transcriptions)
      .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
      .where(eq(transcriptions.consultationId, consultationId))
      .for('update', { of: transcriptions });
    if (row?.transcription.state !== 'stopping') return undefined;
    if ((await chunkCounts(tx, consultationId)).pending > 0) return undefined;
    const chunks = await tx
      .select({ text: transcriptChunks.text })
      .from(transcriptChunks)
      .where(
        and(
          eq(transcriptChunks.consultationId, consultationId),
          gte(transcriptChunks.seq, row.transcription.runStartSeq),
        ),
      )
      .orderBy(asc(transcriptChunks.seq));
    const runText = chunks
      .map((chunk) => chunk.text ?? '')
      .filter(Boolean)
      .join('\n');
    const [stored] = await tx
      .select()
      .from(evidences)
      .where(and(eq(evidences.consultationId, consultationId), eq(evidences.kind, 'transcript')))
      .for('update');
    if (!stored) {
      const [created] = await tx
        .insert(evidences)
        .values({ consultationId, kind: 'transcript', text: runText, contentType: 'text/plain' })
        .returning();
      await tx.insert(evidenceVersions).values({ evidenceId: created!.id, version: 1, text: runText });
    } else if (runText) {
      const text = stored.text ? `${stored.text}\n${runText}` : runText;
      const version = stored.version + 1;
      await tx.update(evidences).set({ text, version, updatedAt: new Date() }).where(eq(evidences.id, stored.id));
      await tx.insert(evidenceVersions).values({ evidenceId: stored.id, version, text });
    }
    await tx
      .update(transcriptions)
      .set({ state: 'stopped', updatedAt: new Date() })
      .where(eq(transcriptions.consultationId, consultationId));
    if (app.config.transcription.audioRetention === 'delete') {
      // Every chunk is transcribed and its text is in this transaction: the audio is no longer needed.
      await app.storage.removeFolder(`${consultationFolder(consultationId)}/audio`);
      await tx
        .update(transcriptChunks)
        .set({ audioKey: null })
        .where(eq(transcriptChunks.consultationId, consultationId));
    }
    return row.userId;
  });
  if (userId) await publishEnd(app, userId, consultationId);
}
