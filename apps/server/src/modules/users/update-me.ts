import type { z } from 'zod';
import type { ZUpdateMeBody, ZUpdatePreferencesBody } from '@escriba/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { users, type UserRow } from '../../db/schema/index';
import { recordAudit, type AuditAction, type RequestOrigin } from '../../platform/audit';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/services';

/** Changes the caller's own personal data. */
export function updateMe(
  app: App,
  user: UserRow,
  changes: z.output<typeof ZUpdateMeBody>,
  origin: RequestOrigin,
): Promise<UserRow> {
  const { name, phone, birth_date: birthDate, address, practice } = changes;
  const values = { name, phone, birthDate, address, practice };
  return saveOwnChanges(app, user, values, 'user.updated', Object.keys(changes), origin);
}

/** Merges new preference values into the caller's preferences. */
export async function updatePreferences(
  app: App,
  user: UserRow,
  changes: z.output<typeof ZUpdatePreferencesBody>,
  origin: RequestOrigin,
): Promise<UserRow> {
  const specializationId = changes.default_specialization_id;
  if (specializationId != null && !(await app.referenceData.specialization(specializationId))) {
    throw fieldError(['body', 'default_specialization_id'], 'Especialidade não encontrada');
  }
  // Merged in the database, so simultaneous changes of different preferences all stay.
  const preferences = sql`${users.preferences} || ${JSON.stringify(changes)}::jsonb`;
  return saveOwnChanges(app, user, { preferences }, 'user.preferences_updated', Object.keys(changes), origin);
}

/** Writes the change with its audit event, then drops the cached copies of the user everywhere. */
async function saveOwnChanges(
  app: App,
  user: UserRow,
  values: PgUpdateSetSource<typeof users>,
  action: AuditAction,
  fields: string[],
  origin: RequestOrigin,
): Promise<UserRow> {
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      action,
      actorUserId: user.id,
      subjectUserId: user.id,
      ...origin,
      details: { fields },
    });
    return row!;
  });
  await app.authenticator.invalidate({ userId: user.id });
  return updated;
}
