import type { TDiagnosis, TFieldSources } from '@escriba/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultationDiagnoses, type ConsultationDiagnosisRow } from '../../db/schema/index';
import { cid10Key, findCid10Codes } from '../cid10/cid10-codes';
import { lockConsultationRow } from '../consultations/get-consultation';

type NewDiagnosis = Pick<ConsultationDiagnosisRow, 'code' | 'confirmed' | 'suggested' | 'sources'> &
  Partial<Pick<ConsultationDiagnosisRow, 'createdAt'>>;

/** The consultation's diagnostic hypotheses in order, each with its code's description. */
export async function listDiagnoses(db: Database, consultationId: string): Promise<TDiagnosis[]> {
  const rows = await storedDiagnoses(db, consultationId);
  const codes = await findCid10Codes(
    db,
    rows.map((row) => row.code),
  );
  return rows.map((row) => ({
    code: row.code,
    description: codes.get(cid10Key(row.code))!.description,
    confirmed: row.confirmed,
    suggested: row.suggested,
    sources: row.sources,
  }));
}

export function storedDiagnoses(db: Database, consultationId: string): Promise<ConsultationDiagnosisRow[]> {
  return db
    .select()
    .from(consultationDiagnoses)
    .where(eq(consultationDiagnoses.consultationId, consultationId))
    .orderBy(asc(consultationDiagnoses.position));
}

/** Makes `diagnoses`, in this order, the consultation's whole list. */
export async function writeDiagnoses(tx: Database, consultationId: string, diagnoses: NewDiagnosis[]): Promise<void> {
  await tx.delete(consultationDiagnoses).where(eq(consultationDiagnoses.consultationId, consultationId));
  if (diagnoses.length === 0) return;
  const now = new Date();
  await tx
    .insert(consultationDiagnoses)
    .values(diagnoses.map((diagnosis, position) => ({ ...diagnosis, consultationId, position, updatedAt: now })));
}

/**
 * The model's hypotheses for a consultation, each a code it chose with the sources it drew on; call it in the
 * transaction that stores the note. Codes not in the table are skipped. They replace the model's earlier
 * suggestions that were never confirmed; a confirmed code is never changed, and a code the professional added
 * becomes a suggestion with these sources. New codes go after the list's others.
 */
export async function storeSuggestedDiagnoses(
  tx: Database,
  consultationId: string,
  suggestions: { code: string; sources: TFieldSources }[],
): Promise<TDiagnosis[]> {
  // Ordered with the professional's saves of the list (replace-diagnoses.ts), which hold the same lock.
  await lockConsultationRow(tx, consultationId);
  const known = await findCid10Codes(
    tx,
    suggestions.map((suggestion) => suggestion.code),
  );
  const suggested = new Map<string, TFieldSources>();
  for (const { code, sources } of suggestions) {
    const found = known.get(cid10Key(code));
    if (found && !suggested.has(found.code)) suggested.set(found.code, sources);
  }
  const kept: NewDiagnosis[] = [];
  for (const row of await storedDiagnoses(tx, consultationId)) {
    const sources = suggested.get(row.code);
    suggested.delete(row.code);
    if (row.confirmed) kept.push(row);
    else if (sources) kept.push({ ...row, suggested: true, sources });
    else if (!row.suggested) kept.push(row);
  }
  const added = [...suggested].map(([code, sources]) => ({ code, sources, confirmed: false, suggested: true }));
  await writeDiagnoses(tx, consultationId, [...kept, ...added]);
  return listDiagnoses(tx, consultationId);
}
