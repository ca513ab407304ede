import type { TConsultation } from '@escriba/contract';
import { and, eq, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consultations, type ConsultationRow } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { toConsultationView } from './consultation-view';

export const consultationNotFound = () => notFound('Consulta', 'feminine');

/** The condition that selects one of the professional's consultations, never another's (values or placeholders). */
export function ownConsultation(userId: string | Placeholder, consultationId: string | Placeholder) {
  return and(eq(consultations.id, consultationId), eq(consultations.userId, userId));
}

/** One of the professional's consultations, locked for the rest of the transaction; 404 otherwise. */
export async function lockConsultation(tx: Database, userId: string, consultationId: string): Promise<ConsultationRow> {
  const [row] = await tx.select().from(consultations).where(ownConsultation(userId, consultationId)).for('update');
  if (!row) throw consultationNotFound();
  return row;
}

/** Locks a consultation for the rest of the transaction, whoever's it is (a job's work on it); nothing if it is gone. */
export async function lockConsultationRow(tx: Database, consultationId: string): Promise<void> {
  await tx
    .select({ id: consultations.id })
    .from(consultations)
    .where(eq(consultations.id, consultationId))
    .for('update');
}

/** 404 unless the consultation is one of the professional's. */
export async function assertOwnConsultation(db: Database, userId: string, consultationId: string): Promise<void> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(ownConsultation(userId, consultationId));
  if (!row) throw consultationNotFound();
}

/** A concluded consultation is a closed record: it changes again only once reopened (status back to draft). */
export function assertEditable(row: ConsultationRow): void {
  if (row.status === 'done') throw new AppError('conflict', 'Consulta concluída: reabra-a para editar');
}

export async function getConsultation(app: App, userId: string, consultationId: string): Promise<TConsultation> {
  const [row] = await app.db.select().from(consultations).where(ownConsultation(userId, consultationId));
  if (!row) throw consultationNotFound();
  return toConsultationView(app.db, row);
}
