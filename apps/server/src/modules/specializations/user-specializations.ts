import type { TSpecialization } from '@escriba/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userSpecializations } from '../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { KeepAnswer } from '../../platform/http/idempotency-store';
import type { App } from '../../platform/services';

/** The ids of a professional's specializations, in the order she added them. */
export async function userSpecializationIds(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: userSpecializations.specializationId })
    .from(userSpecializations)
    .where(eq(userSpecializations.userId, userId))
    .orderBy(asc(userSpecializations.createdAt), asc(userSpecializations.specializationId));
  return rows.map((row) => row.id);
}

/** The caller's specializations, in the order they were added. */
export async function listSpecializations(app: App, userId: string): Promise<TSpecialization[]> {
  const ids = await userSpecializationIds(app.db, userId);
  const all = await app.referenceData.specializations();
  return ids.flatMap((id) => all.find((item) => item.id === id) ?? []);
}

export async function addSpecialization(
  app: App,
  userId: string,
  specializationId: number,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TSpecialization> {
  const specialization = await app.referenceData.specialization(specializationId);
  if (!specialization) throw fieldError(['querystring', 'specialization'], 'Especialidade não encontrada');
  await app.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userSpecializations)
      .values({ userId, specializationId })
      .onConflictDoNothing()
      .returning({ id: userSpecializations.specializationId });
    if (inserted.length === 0) throw new AppError('conflict', 'Especialidade já adicionada');
    await recordAudit(tx, {
      action: 'specialization.added',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { specialization_id: specializationId },
    });
    await keep(tx, specialization);
  });
  return specialization;
}

export async function removeSpecialization(
  app: App,
  userId: string,
  specializationId: number,
  origin: RequestOrigin,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userSpecializations)
      .where(and(eq(userSpecializations.userId, userId), eq(userSpecializations.specializationId, specializationId)))
      .returning({ id: userSpecializations.specializationId });
    if (removed.length === 0) throw notFound('Especialidade', 'feminine');
    await recordAudit(tx, {
      action: 'specialization.removed',
      actorUserId: userId,
      subjectUserId: userId,
      ...origin,
      details: { specialization_id: specializationId },
    });
  });
}
