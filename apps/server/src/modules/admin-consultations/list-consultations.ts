import type { TAdminConsultationList, ZAdminConsultationListQuery } from '@escriba/contract';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  anamnesisVersions,
  consultations,
  documents,
  documentVersions,
  evidences,
  transcriptChunks,
  users,
} from '../../db/schema/index';
import { startOfDay } from '../admin-users/user-search';
import { consultationFailures } from './consultation-failures';

type ListQuery = z.output<typeof ZAdminConsultationListQuery>;

/** The listed consultation's documents, optionally only those whose generation (version 1) ended `status`. */
function countDocuments(status?: 'failed') {
  const generation = status
    ? sql` and exists (select 1 from ${documentVersions} where ${documentVersions.documentId} = ${documents.id} and ${documentVersions.version} = 1 and ${documentVersions.status} = ${status})`
    : sql``;
  return sql<number>`(select count(*) from ${documents} where ${documents.consultationId} = ${consultations.id}${generation})`.mapWith(
    Number,
  );
}

/** Rows of `table` belonging to the listed consultation, optionally only those matching `only`. */
function countOf(table: typeof transcriptChunks | typeof evidences | typeof anamnesisVersions, only?: SQL) {
  return sql<number>`(select count(*) from ${table} where ${table.consultationId} = ${consultations.id}${only ? sql` and ${only}` : sql``})`.mapWith(
    Number,
  );
}

function conditions(query: ListQuery): SQL | undefined {
  return and(
    query.user_id ? eq(consultations.userId, query.user_id) : undefined,
    query.status ? eq(consultations.status, query.status) : undefined,
    query.created_from ? gte(consultations.createdAt, startOfDay(query.created_from)) : undefined,
    query.created_to ? lt(consultations.createdAt, startOfDay(query.created_to, 1)) : undefined,
  );
}

/**
 * One page of every professional's consultations, newest first: metadata, counts and failures of
 * the background jobs, never a title, a patient's name or clinical text.
 */
export async function listAdminConsultations(db: Database, query: ListQuery): Promise<TAdminConsultationList> {
  const where = conditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: consultations.id,
        userId: consultations.userId,
        userName: users.name,
        patientId: consultations.patientId,
        status: consultations.status,
        createdAt: consultations.createdAt,
        updatedAt: consultations.updatedAt,
        chunks: countOf(transcriptChunks),
        failedChunks: countOf(transcriptChunks, sql`${transcriptChunks.status} = 'failed'`),
        // The files she attached: the transcript is an evidence row too, but no file.
        evidences: countOf(evidences, sql`${evidences.kind} = 'file'`),
        unreadableEvidences: countOf(evidences, sql`${evidences.status} = 'unreadable'`),
        anamnesisVersions: countOf(anamnesisVersions),
        failedGenerations: countOf(anamnesisVersions, sql`${anamnesisVersions.status} = 'failed'`),
        documents: countDocuments(),
        failedDocuments: countDocuments('failed'),
      })
      .from(consultations)
      .innerJoin(users, eq(users.id, consultations.userId))
      .where(where)
      .orderBy(desc(consultations.createdAt), desc(consultations.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(consultations).where(where),
  ]);
  const failures = await consultationFailures(
    db,
    rows
      .filter((row) => row.failedChunks + row.unreadableEvidences + row.failedGenerations + row.failedDocuments > 0)
      .map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      user: { id: row.userId, name: row.userName },
      patient_id: row.patientId,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      counts: {
        chunks: row.chunks,
        failed_chunks: row.failedChunks,
        evidences: row.evidences,
        unreadable_evidences: row.unreadableEvidences,
        anamnesis_versions: row.anamnesisVersions,
        failed_generations: row.failedGenerations,
        documents: row.documents,
        failed_documents: row.failedDocuments,
      },
      failures: failures.get(row.id) ?? [],
    })),
    total: counted!.total,
    page: query.page,
    page_size: query.page_size,
  };
}
