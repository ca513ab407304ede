import type { TTranscriptEvidence } from '@escriba/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { evidences, evidenceVersions } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { assertEditable, getConsultation, lockConsultation } from '../consultations/get-consultation';
import { addTranscriptVersion, currentLines, lockStoredTranscript } from './transcript-versions';

const transcriptNotFound = () => notFound('Transcrição', 'feminine');

/** GET .../evidences/transcript: the stored transcript with every version of its text. */
export async function getTranscriptEvidence(
  app: App,
  userId: string,
  consultationId: string,
): Promise<TTranscriptEvidence> {
  await getConsultation(app, userId, consultationId);
  return readTranscriptEvidence(app.db, consultationId);
}

/**
 * PUT .../evidences/transcript/text: the professional's correction, stored as a new version; the
 * transcription as made stays as version 1. Only once the transcript is stored (after stop).
 */
export async function correctTranscript(
  app: App,
  userId: string,
  consultationId: string,
  text: string,
): Promise<TTranscriptEvidence> {
  return app.db.transaction(async (tx) => {
    const stored = await lockCorrectableTranscript(tx, userId, consultationId);
    if (stored.text !== text) {
      // Lines still one per segment keep their places in the recording and their speakers (the usual correction of words).
      const storedLines = await currentLines(tx, stored);
      const newLines = text.split('\n');
      const lines =
        storedLines?.length === newLines.length
          ? storedLines.map((line, index) => ({ ...line, text: newLines[index]! }))
          : null;
      await addTranscriptVersion(tx, stored, { source: 'correction', authorId: userId, lines, text });
    }
    return readTranscriptEvidence(tx, consultationId);
  });
}

/** The stored transcript of one of the professional's consultations, locked; 409 while it cannot be corrected. */
export async function lockCorrectableTranscript(tx: Database, userId: string, consultationId: string) {
  assertEditable(await lockConsultation(tx, userId, consultationId));
  const stored = await lockStoredTranscript(tx, consultationId);
  if (!stored) throw new AppError('conflict', 'A transcrição só pode ser corrigida depois de encerrada a gravação');
  return stored;
}

export async function readTranscriptEvidence(db: Database, consultationId: string): Promise<TTranscriptEvidence> {
  const [stored] = await db
    .select()
    .from(evidences)
    .where(and(eq(evidences.consultationId, consultationId), eq(evidences.kind, 'transcript')));
  if (!stored) throw transcriptNotFound();
  const versions = await db
    .select()
    .from(evidenceVersions)
    .where(eq(evidenceVersions.evidenceId, stored.id))
    .orderBy(asc(evidenceVersions.version));
  return {
    id: stored.id,
    kind: 'transcript',
    text: stored.text ?? '',
    version: stored.version,
    versions: versions.map((each) => ({
      version: each.version,
      text: each.text,
      source: each.source === 'correction' ? 'correction' : 'recording',
      author_id: each.authorId,
      created_at: each.createdAt.toISOString(),
    })),
    created_at: stored.createdAt.toISOString(),
    updated_at: stored.updatedAt.toISOString(),
  };
}
