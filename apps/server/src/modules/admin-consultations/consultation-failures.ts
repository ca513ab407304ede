import { ADMIN_FAILURES_PER_CONSULTATION, type TAdminConsultationFailure } from '@escriba/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisVersions, documents, documentVersions, evidences, transcriptChunks } from '../../db/schema/index';

/**
 * The failures of the background jobs of each consultation, newest first, with the reason the job
 * wrote (Portuguese, never clinical content): chunks not transcribed, files not read, notes and documents not
 * generated.
 */
export async function consultationFailures(
  db: Database,
  consultationIds: string[],
): Promise<Map<string, TAdminConsultationFailure[]>> {
  const byConsultation = new Map<string, TAdminConsultationFailure[]>();
  if (consultationIds.length === 0) return byConsultation;
  const [chunks, files, generations, documentGenerations] = await Promise.all([
    db
      .select({
        consultationId: transcriptChunks.consultationId,
        seq: transcriptChunks.seq,
        reason: transcriptChunks.failure,
        at: transcriptChunks.createdAt,
      })
      .from(transcriptChunks)
      .where(and(inArray(transcriptChunks.consultationId, consultationIds), eq(transcriptChunks.status, 'failed'))),
    db
      .select({
        consultationId: evidences.consultationId,
        id: evidences.id,
        reason: evidences.reason,
        at: evidences.updatedAt,
      })
      .from(evidences)
      .where(and(inArray(evidences.consultationId, consultationIds), eq(evidences.status, 'unreadable'))),
    db
      .select({
        consultationId: anamnesisVersions.consultationId,
        version: anamnesisVersions.version,
        reason: anamnesisVersions.failure,
        at: anamnesisVersions.createdAt,
        finishedAt: anamnesisVersions.finishedAt,
      })
      .from(anamnesisVersions)
      .where(and(inArray(anamnesisVersions.consultationId, consultationIds), eq(anamnesisVersions.status, 'failed'))),
    db
      .select({
        consultationId: documents.consultationId,
        id: documents.id,
        reason: documentVersions.failure,
        at: documentVersions.createdAt,
        finishedAt: documentVersions.finishedAt,
      })
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .where(and(inArray(documents.consultationId, consultationIds), eq(documentVersions.status, 'failed'))),
  ]);
  const all: [string, TAdminConsultationFailure][] = [
    ...chunks.map((row) => failure(row.consultationId, 'transcription', String(row.seq), row.reason, row.at)),
    ...files.map((row) => failure(row.consultationId, 'evidence', row.id, row.reason, row.at)),
    ...generations.map((row) =>
      failure(row.consultationId, 'anamnesis', String(row.version), row.reason, row.finishedAt ?? row.at),
    ),
    ...documentGenerations.map((row) =>
      failure(row.consultationId, 'document', row.id, row.reason, row.finishedAt ?? row.at),
    ),
  ];
  all.sort(([, a], [, b]) => b.at.localeCompare(a.at));
  for (const [consultationId, item] of all) {
    const list = byConsultation.get(consultationId) ?? [];
    if (list.length < ADMIN_FAILURES_PER_CONSULTATION) list.push(item);
    byConsultation.set(consultationId, list);
  }
  return byConsultation;
}

function failure(
  consultationId: string,
  job: TAdminConsultationFailure['job'],
  ref: string,
  reason: string | null,
  at: Date,
): [string, TAdminConsultationFailure] {
  return [consultationId, { job, ref, reason, at: at.toISOString() }];
}
