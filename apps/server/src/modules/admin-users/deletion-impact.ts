import type { TUserDeletionImpact } from '@escriba/contract';
import { and, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultations, evidences, patients, transcriptChunks } from '../../db/schema/index';

/** What deleting the user removes for good: their patients, consultations and stored files. */
export async function deletionImpact(db: Database, userId: string): Promise<TUserDeletionImpact> {
  const ofUser = eq(consultations.userId, userId);
  const [[patientCount], [consultationCount], files] = await Promise.all([
    db.select({ n: count() }).from(patients).where(eq(patients.userId, userId)),
    db.select({ n: count() }).from(consultations).where(ofUser),
    storedFileCount(db, ofUser),
  ]);
  return { patients: patientCount!.n, consultations: consultationCount!.n, files };
}

/** The stored files (evidence originals, audio chunks) of the consultations the condition selects. */
export async function storedFileCount(db: Database, ofConsultations: SQL | undefined): Promise<number> {
  const [[evidenceFiles], [audioFiles]] = await Promise.all([
    db
      .select({ n: count() })
      .from(evidences)
      .innerJoin(consultations, eq(consultations.id, evidences.consultationId))
      .where(and(ofConsultations, isNotNull(evidences.storageKey))),
    db
      .select({ n: count() })
      .from(transcriptChunks)
      .innerJoin(consultations, eq(consultations.id, transcriptChunks.consultationId))
      .where(and(ofConsultations, isNotNull(transcriptChunks.audioKey))),
  ]);
  return evidenceFiles!.n + audioFiles!.n;
}
