import type { TTranscriptEvidence } from '@escriba/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { evidences, evidenceVersions } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { getConsultation, lockConsultation } from '../consultations/get-consultation';

const transcriptNotFound = () => notFound('Transcrição', 'feminine');

/** GET .../evidences/transcript: the stored transcript with every version of its text. */
export async function getTranscriptEvidence(
  app: App,
  userId: string,
  consultationId: string,
): Promise<TTranscriptEvidence> {
  await getConsultation(app, userId, consultationId);
  return readEvidence(app.db, consultationId);
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
    await lockConsultation(tx, userId, consultationId);
    const [stored] = await tx
      .select()
      .from(evidences)
      .where(and(eq(evidences.consultationId, consultationId), eq(evidences.kind, 'transcript')))
      .for('update');
    if (!stored) throw new AppError('conflict', 'A transcrição só pode ser corrigida depois de encerrada a gravação');
    if (stored.text !== text) {
      const version = stored.version + 1;
      await tx.update(evidences).set({ text, version, updatedAt: new Date() }).where(eq(evidences.id, stored.id));
      await tx.insert(evidenceVersions).values({ evidenceId: stored.id, version, text });
    }
    return readEvidence(tx, consultationId);
  });
}

async function readEvidence(db: Database, consultationId: string): Promise<TTranscriptEvidence> {
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
      created_at: each.createdAt.toISOString(),
    })),
    created_at: stored.createdAt.toISOString(),
    updated_at: stored.updatedAt.toISOString(),
  };
}
