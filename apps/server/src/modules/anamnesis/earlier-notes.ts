import {
  BRAZIL_TIME_ZONE,
  calendarDayIn,
  EARLIER_CONSULTATIONS_LIMIT,
  isInformed,
  type TEarlierConsultation,
  type TGenerationInputs,
} from '@escriba/contract';
import { and, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisVersions, consultations } from '../../db/schema/index';
import { listDiagnoses } from '../diagnoses/diagnoses-store';

/** Which version of an earlier consultation's note a generation reads (as its provenance records it). */
export type EarlierNoteRef = NonNullable<TGenerationInputs['earlier_consultations']>[number];

/**
 * The patient's last concluded consultations before this one that have a ready note, newest first, with the
 * latest ready version of each: the same professional's only (a patient belongs to one professional, and the
 * user id is checked too).
 */
export async function findEarlierNotes(db: Database, consultationId: string): Promise<EarlierNoteRef[]> {
  const [current] = await db.select().from(consultations).where(eq(consultations.id, consultationId));
  if (!current) return [];
  const rows = await db
    .select({ consultationId: consultations.id, version: sql<number>`max(${anamnesisVersions.version})::int` })
    .from(consultations)
    .innerJoin(
      anamnesisVersions,
      and(eq(anamnesisVersions.consultationId, consultations.id), eq(anamnesisVersions.status, 'ready')),
    )
    .where(
      and(
        eq(consultations.userId, current.userId),
        eq(consultations.patientId, current.patientId),
        eq(consultations.status, 'done'),
        ne(consultations.id, current.id),
        or(
          lt(consultations.createdAt, current.createdAt),
          and(eq(consultations.createdAt, current.createdAt), lt(consultations.id, current.id)),
        ),
      ),
    )
    .groupBy(consultations.id, consultations.createdAt)
    .orderBy(desc(consultations.createdAt), desc(consultations.id))
    .limit(EARLIER_CONSULTATIONS_LIMIT);
  return rows.map((row) => ({ consultation_id: row.consultationId, version: row.version }));
}

/**
 * The named versions of earlier notes, in the order given: the fields that say something and the consultation's
 * confirmed diagnoses (a concluded consultation's list cannot change until it is reopened). One deleted since is
 * left out.
 */
export async function readEarlierNotes(db: Database, refs: readonly EarlierNoteRef[]): Promise<TEarlierConsultation[]> {
  const read = await Promise.all(refs.map((ref) => readEarlierNote(db, ref)));
  return read.filter((each): each is TEarlierConsultation => each !== undefined);
}

async function readEarlierNote(db: Database, ref: EarlierNoteRef): Promise<TEarlierConsultation | undefined> {
  const [row] = await db
    .select({ consultation: consultations, note: anamnesisVersions })
    .from(anamnesisVersions)
    .innerJoin(consultations, eq(consultations.id, anamnesisVersions.consultationId))
    .where(and(eq(anamnesisVersions.consultationId, ref.consultation_id), eq(anamnesisVersions.version, ref.version)));
  if (!row) return undefined;
  const diagnoses = await listDiagnoses(db, ref.consultation_id);
  return {
    id: row.consultation.id,
    date: calendarDayIn(BRAZIL_TIME_ZONE, row.consultation.createdAt),
    title: row.consultation.title,
    template: row.note.provenance.template.name,
    fields: row.note.fields
      .filter((field) => isInformed(field.text))
      .map(({ field_id, title, text }) => ({ field_id, title, text })),
    diagnoses: diagnoses.filter((each) => each.confirmed).map(({ code, description }) => ({ code, description })),
  };
}
