import type { TDiagnosis, TDocumentContents, TLicense, TPatient } from '@escriba/contract';
import { and, asc, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import {
  consultations,
  issuedDocuments,
  type AnamnesisVersionRow,
  type ConsultationRow,
  type IssuedDocumentRow,
  type UserRow,
} from '../../db/schema/index';
import type { App } from '../../platform/services';
import { latestReadyVersion } from '../anamnesis/anamnesis-store';
import { consultationNotFound, ownConsultation } from '../consultations/get-consultation';
import { listDiagnoses } from '../diagnoses/diagnoses-store';
import { documentsWithLatest, versionsOf } from '../documents/document-store';
import { listLicenses } from '../licenses/license-store';
import { findPatientRow } from '../patients/get-patient';
import { toPatientView } from '../patients/patient-view';

/** The professional as the Bundles name her: her name and her councils' registrations. */
export interface Professional {
  id: string;
  name: string;
  licenses: TLicense[];
}

/** A receita or a solicitação de exames as its latest ready version says it. */
export type OrderDocument =
  | { id: string; kind: 'receita'; at: Date; content: TDocumentContents['receita'] }
  | { id: string; kind: 'exames'; at: Date; content: TDocumentContents['exames'] };

/** An issued PDF with its SHA-1 (null when its file is missing from storage). */
export interface IssuedPdf {
  row: IssuedDocumentRow;
  sha1: string | null;
  size: number | null;
}

/** What one consultation's Bundle is made of. */
export interface ConsultationRecord {
  consultation: ConsultationRow;
  /** The latest ready version of the note; none before one is written. */
  note: AnamnesisVersionRow | undefined;
  diagnoses: TDiagnosis[];
  orders: OrderDocument[];
  issued: IssuedPdf[];
}

export async function professionalOf(db: Database, user: UserRow): Promise<Professional> {
  return { id: user.id, name: user.name, licenses: await listLicenses(db, user.id) };
}

/** One of the professional's consultations with its patient (404 for anyone else's). */
export async function readOwnConsultation(app: App, userId: string, consultationId: string) {
  const [row] = await app.db.select().from(consultations).where(ownConsultation(userId, consultationId));
  if (!row) throw consultationNotFound();
  const patient = toPatientView(await findPatientRow(app.db, userId, row.patientId));
  return { patient, record: await readConsultationRecord(app, row) };
}

/** One of the professional's patients with her consultations, oldest first (404 for anyone else's). */
export async function readOwnPatient(
  app: App,
  userId: string,
  patientId: string,
): Promise<{ patient: TPatient; records: ConsultationRecord[] }> {
  const patient = toPatientView(await findPatientRow(app.db, userId, patientId));
  const rows = await app.db
    .select()
    .from(consultations)
    .where(and(eq(consultations.userId, userId), eq(consultations.patientId, patientId)))
    .orderBy(asc(consultations.createdAt), asc(consultations.id));
  const records: ConsultationRecord[] = [];
  for (const row of rows) records.push(await readConsultationRecord(app, row));
  return { patient, records };
}

async function readConsultationRecord(app: App, consultation: ConsultationRow): Promise<ConsultationRecord> {
  const issuedRows = await app.db
    .select()
    .from(issuedDocuments)
    .where(eq(issuedDocuments.consultationId, consultation.id))
    .orderBy(asc(issuedDocuments.issuedAt), asc(issuedDocuments.id));
  const issued: IssuedPdf[] = [];
  for (const row of issuedRows) {
    const pdf = await app.storage.get(row.storageKey);
    issued.push({
      row,
      sha1: pdf ? createHash('sha1').update(pdf).digest('base64') : null,
      size: pdf?.length ?? null,
    });
  }
  return {
    consultation,
    note: await latestReadyVersion(app.db, consultation.id),
    diagnoses: await listDiagnoses(app.db, consultation.id),
    orders: await readOrders(app.db, consultation.id),
    issued,
  };
}

async function readOrders(db: Database, consultationId: string): Promise<OrderDocument[]> {
  const orders: OrderDocument[] = [];
  for (const { document } of (await documentsWithLatest(db, consultationId)).reverse()) {
    if (document.kind !== 'receita' && document.kind !== 'exames') continue;
    const ready = (await versionsOf(db, document.id)).find((version) => version.status === 'ready');
    if (!ready?.content) continue;
    const at = ready.finishedAt ?? ready.createdAt;
    orders.push({ id: document.id, kind: document.kind, at, content: ready.content } as OrderDocument);
  }
  return orders;
}
