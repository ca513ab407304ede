import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { evidences, evidenceVersions, transcriptChunks, type StoredTranscriptLine } from '../../db/schema/index';
import { placeChunks, placeUnlinedText, timelineColumns, transcriptLines } from './chunk-timeline';

type StoredTranscript = typeof evidences.$inferSelect;

/** What a new transcript version holds and what made it (a correction names its author). */
export type TranscriptVersionValues = { lines: StoredTranscriptLine[] | null; text: string } & (
  { source: 'recording'; authorId?: never } | { source: 'correction'; authorId: string }
);

/** The consultation's stored transcript, locked for the transaction; undefined before the first stop. */
export async function lockStoredTranscript(
  tx: Database,
  consultationId: string,
): Promise<StoredTranscript | undefined> {
  const [stored] = await tx
    .select()
    .from(evidences)
    .where(and(eq(evidences.consultationId, consultationId), eq(evidences.kind, 'transcript')))
    .for('update');
  return stored;
}

/**
 * The current version's lines, each with its chunk; for a version stored before lines were kept with it,
 * placed on the recorded chunks while they still match. Null when they have no place in the recording.
 */
export async function currentLines(tx: Database, stored: StoredTranscript): Promise<StoredTranscriptLine[] | null> {
  const [row] = await tx
    .select({ text: evidenceVersions.text, lines: evidenceVersions.lines })
    .from(evidenceVersions)
    .where(and(eq(evidenceVersions.evidenceId, stored.id), eq(evidenceVersions.version, stored.version)));
  if (!row || row.lines) return row?.lines ?? null;
  const chunks = await tx
    .select(timelineColumns)
    .from(transcriptChunks)
    .where(eq(transcriptChunks.consultationId, stored.consultationId))
    .orderBy(asc(transcriptChunks.seq));
  return placeUnlinedText(row.text, transcriptLines(placeChunks(chunks)));
}

/** The stored transcript's next version, which becomes its current text; the ones before stay. */
export async function addTranscriptVersion(
  tx: Database,
  stored: StoredTranscript,
  values: TranscriptVersionValues,
): Promise<void> {
  const version = stored.version + 1;
  await tx
    .update(evidences)
    .set({ text: values.text, version, updatedAt: new Date() })
    .where(eq(evidences.id, stored.id));
  await tx.insert(evidenceVersions).values({ evidenceId: stored.id, version, ...values });
}

/** The stored transcript's current lines, corrections included; none before the first stop. */
export async function currentVersionLines(db: Database, consultationId: string): Promise<StoredTranscriptLine[]> {
  const [current] = await db
    .select({ lines: evidenceVersions.lines })
    .from(evidences)
    .innerJoin(
      evidenceVersions,
      and(eq(evidenceVersions.evidenceId, evidences.id), eq(evidenceVersions.version, evidences.version)),
    )
    .where(and(eq(evidences.consultationId, consultationId), eq(evidences.kind, 'transcript')));
  return current?.lines ?? [];
}
