import { and, asc, count, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultations, evidences, evidenceVersions, transcriptChunks, transcriptions } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { inTransaction, type AfterCommit } from '../../platform/transaction';
import { joinLines, placeChunks, timelineColumns } from './chunk-timeline';
import { enqueueRolePass } from './transcription-jobs';
import { segmentLines } from './transcript-segments';
import { publishEnd } from './transcript-messages';
import { addTranscriptVersion, currentLines, lockStoredTranscript } from './transcript-versions';

/**
 * Once a stopped recording has no chunk left to transcribe, stores its transcript as the
 * consultation's `transcript` evidence and sends `end`. Idempotent: only the run that moves the
 * transcription from `stopping` to `stopped` does anything. After "continuar gravação" the new
 * run's text is appended to the stored text as a new version, keeping corrections.
 */
export async function finishTranscript(app: App, consultationId: string): Promise<void> {
  await inTransaction(app, async (tx, afterCommit) => {
    const [row] = await tx
      .select({ transcription: transcriptions, userId: consultations.userId })
      .from(transcriptions)
      .innerJoin(consultations, eq(consultations.id, transcriptions.consultationId))
      .where(eq(transcriptions.consultationId, consultationId))
      .for('update', { of: transcriptions });
    if (row?.transcription.state !== 'stopping') return;
    if (await hasUnsettledChunks(tx, consultationId)) return;
    const chunks = await tx
      .select({ ...timelineColumns, segments: transcriptChunks.segments, audioKey: transcriptChunks.audioKey })
      .from(transcriptChunks)
      .where(eq(transcriptChunks.consultationId, consultationId))
      .orderBy(asc(transcriptChunks.seq));
    // Times count from the first chunk of the recording, the text only from this run's.
    const runLines = segmentLines(placeChunks(chunks).filter((chunk) => chunk.seq >= row.transcription.runStartSeq));
    const stored = await lockStoredTranscript(tx, consultationId);
    if (!stored) {
      const text = joinLines(runLines);
      const [created] = await tx
        .insert(evidences)
        .values({ consultationId, kind: 'transcript', text, contentType: 'text/plain' })
        .returning();
      await tx
        .insert(evidenceVersions)
        .values({ evidenceId: created!.id, version: 1, source: 'recording', lines: runLines, text });
    } else if (runLines.length > 0) {
      // Appended to the current text, corrections included; lines a whole-text correction unplaced stay so.
      const storedLines = await currentLines(tx, stored);
      const runText = joinLines(runLines);
      await addTranscriptVersion(tx, stored, {
        source: 'recording',
        lines: storedLines && [...storedLines, ...runLines],
        text: stored.text ? `${stored.text}\n${runText}` : runText,
      });
    }
    await tx
      .update(transcriptions)
      .set({ state: 'stopped', updatedAt: new Date() })
      .where(eq(transcriptions.consultationId, consultationId));
    if (app.config.transcription.audioRetention === 'delete') {
      await deleteTranscribedAudio(app, tx, afterCommit, consultationId, chunks);
    }
    // Who said what, for the segments the passes during the recording did not label (or failed to).
    await enqueueRolePass(app, consultationId, { tx, afterCommit });
    afterCommit(() => publishEnd(app, row.userId, consultationId));
  });
}

/** A chunk still waiting for its text, or whose live message has not gone out yet: `end` must come after it. */
async function hasUnsettledChunks(tx: Database, consultationId: string): Promise<boolean> {
  const [unsettled] = await tx
    .select({ value: count() })
    .from(transcriptChunks)
    .where(
      and(
        eq(transcriptChunks.consultationId, consultationId),
        or(eq(transcriptChunks.status, 'pending'), eq(transcriptChunks.isAnnounced, false)),
      ),
    );
  return (unsettled?.value ?? 0) > 0;
}

/**
 * AUDIO_RETENTION=delete: every transcribed chunk's text is now in the stored transcript, so its audio is no
 * longer needed. The files are removed by a job queued in this transaction: only once the transcript is
 * stored, and whatever happens to this process. A failed chunk's audio is kept, to be transcribed or listened
 * to later; the folder itself stays, since "continuar gravação" adds to it.
 */
async function deleteTranscribedAudio(
  app: App,
  tx: Database,
  afterCommit: AfterCommit,
  consultationId: string,
  chunks: { status: string; audioKey: string | null }[],
): Promise<void> {
  const keys = chunks.flatMap((chunk) => (chunk.status === 'done' && chunk.audioKey ? [chunk.audioKey] : []));
  if (keys.length === 0) return;
  await app.jobs.send(
    'remove-audio',
    { keys },
    { singletonKey: `${consultationId}:${keys[0]}`, within: { tx, afterCommit } },
  );
  await tx
    .update(transcriptChunks)
    .set({ audioKey: null })
    .where(and(eq(transcriptChunks.consultationId, consultationId), eq(transcriptChunks.status, 'done')));
}
