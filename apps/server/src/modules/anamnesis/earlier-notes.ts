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
 * An earlier visit counts once its note is settled: the consultation is concluded, or its latest ready note is one
 * the professional saved herself (kind `edit`: her edits, her confirmations, a note written by hand) with no
 * statement left unverified. A note only generated, or one still holding a sentence she has not vouched for, waits
 * for her conclusion (issue 31: a visit with a signed receita and a reviewed note is history, "Concluída" or not).
 */
const settledNote = or(
  eq(consultations.status, 'done'),
  and(
    eq(anamnesisVersions.kind, 'edit'),
    sql`not jsonb_path_exists(${anamnesisVersions.fields}, '$[*].statements[*] ? (@.status == "unverified")')`,
  ),
);

/**
 * The patient's last consultations before this one with a settled note (see `settledNote`), newest first, with
 * the latest ready version of each: the same professional's only (a patient belongs to one professional, and the
 * user id is checked too).
 */
export async function findEarlierNotes(db: Database, consultationId: string): Promise<EarlierNoteRef[]> {
  const [current] = await db.select().from(consultations).where(eq(consultations.id, consultationId));
  if (!current) return [];
  const latestReady = sql`(select max(latest.version) from ${anamnesisVersions} latest
    where latest.consultation_id = ${consultations.id} and latest.status = 'ready')`;
  const rows = await db
    .select({ consultationId: consultations.id, version: anamnesisVersions.version })
    .from(consultations)
    .innerJoin(
      anamnesisVersions,
      and(eq(anamnesisVersions.consultationId, consultations.id), eq(anamnesisVersions.version, latestReady)),
    )
    .where(
      and(
        eq(consultations.userId, current.userId),
        eq(consultations.patientId, current.patientId),
        settledNote,
        ne(consultations.id, current.id),
        or(
          lt(consultations.createdAt, current.createdAt),
          and(eq(consultations.createdAt, current.createdAt), lt(consultations.id, current.id)),
        ),
      ),
    )
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
