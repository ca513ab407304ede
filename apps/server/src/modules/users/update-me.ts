import type { z } from 'zod';
import type { ZUpdateMeBody, ZUpdatePreferencesBody } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users, type UserRow } from '../../db/schema/index';
import { recordAudit, requestOrigin } from '../../platform/audit';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';
import { preferencesOf } from './user-view';

/** Changes the caller's own personal data. */
export async function updateMe(
  app: App,
  user: UserRow,
  changes: z.output<typeof ZUpdateMeBody>,
  request: FastifyRequest,
): Promise<UserRow> {
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: changes.name,
        phone: changes.phone,
        birthDate: changes.birth_date,
        address: changes.address,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      action: 'user.updated',
      actorUserId: user.id,
      subjectUserId: user.id,
      ...requestOrigin(request),
      details: { fields: Object.keys(changes) },
    });
    return row!;
  });
  await app.authenticator.invalidate({ userId: user.id });
  return updated;
}

/** Merges new preference values into the caller's preferences. */
export async function updatePreferences(
  app: App,
  user: UserRow,
  changes: z.output<typeof ZUpdatePreferencesBody>,
  request: FastifyRequest,
): Promise<UserRow> {
  const specializationId = changes.default_specialization_id;
  if (specializationId != null && !(await app.referenceData.specialization(specializationId))) {
    throw fieldError(['body', 'default_specialization_id'], 'Especialidade não encontrada');
  }
  const preferences = { ...preferencesOf(user), ...changes };
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ preferences, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
    await recordAudit(tx, {
      action: 'user.preferences_updated',
      actorUserId: user.id,
      subjectUserId: user.id,
      ...requestOrigin(request),
      details: { fields: Object.keys(changes) },
    });
    return row!;
  });
  await app.authenticator.invalidate({ userId: user.id });
  return updated;
}
