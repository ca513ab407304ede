import type { z } from 'zod';
import type { TLicense, ZLicenseBody } from '@escriba/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { licenses } from '../../db/schema/index';
import { recordAudit, type AuditAction, type RequestOrigin } from '../../platform/audit';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import type { Database } from '../../db/client';
import { keepNothing, type KeepAnswer } from '../../platform/http/idempotency-store';

import { findLicense, lockLicensesOf } from './license-store';

type LicenseInput = z.output<typeof ZLicenseBody>;

const LICENSE = 'Registro profissional';

/** Adds a license; the first one a user adds becomes the primary. */
export async function createLicense(
  app: App,
  userId: string,
  input: LicenseInput,
  origin: RequestOrigin,
  keep: KeepAnswer,
): Promise<TLicense> {
  await assertLicenseType(app, input.license_type_id);
  const license = await changeLicenses(
    app,
    userId,
    'license.created',
    origin,
    async (tx) => {
      const [current] = await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.userId, userId)).limit(1);
      const [created] = await tx
        .insert(licenses)
        .values({
          userId,
          licenseTypeId: input.license_type_id,
          number: input.number,
          state: input.state,
          rqe: input.rqe ?? null,
          isPrimary: !current,
        })
        .returning({ id: licenses.id });
      return created!.id;
    },
    keep,
  );
  return license!;
}

export async function updateLicense(
  app: App,
  userId: string,
  licenseId: string,
  input: LicenseInput,
  origin: RequestOrigin,
): Promise<TLicense> {
  await assertLicenseType(app, input.license_type_id);
  const license = await changeLicenses(app, userId, 'license.updated', origin, async (tx) => {
    const [updated] = await tx
      .update(licenses)
      .set({
        licenseTypeId: input.license_type_id,
        number: input.number,
        state: input.state,
        rqe: input.rqe ?? null,
      })
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
      .returning({ id: licenses.id });
    if (!updated) throw notFound(LICENSE);
    return licenseId;
  });
  return license!;
}

/** Removes a license; when it was the primary, the oldest remaining one takes its place. */
export async function deleteLicense(app: App, userId: string, licenseId: string, origin: RequestOrigin): Promise<void> {
  await changeLicenses(app, userId, 'license.deleted', origin, async (tx) => {
    const [deleted] = await tx
      .delete(licenses)
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
      .returning({ isPrimary: licenses.isPrimary });
    if (!deleted) throw notFound(LICENSE);
    if (deleted.isPrimary) {
      const [successor] = await tx
        .select({ id: licenses.id })
        .from(licenses)
        .where(eq(licenses.userId, userId))
        .orderBy(asc(licenses.createdAt), asc(licenses.id))
        .limit(1);
      if (successor) await tx.update(licenses).set({ isPrimary: true }).where(eq(licenses.id, successor.id));
    }
    return licenseId;
  });
}

export async function makeLicensePrimary(
  app: App,
  userId: string,
  licenseId: string,
  origin: RequestOrigin,
): Promise<TLicense> {
  const license = await changeLicenses(app, userId, 'license.made_primary', origin, async (tx) => {
    const [license] = await tx
      .select({ id: licenses.id })
      .from(licenses)
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)));
    if (!license) throw notFound(LICENSE);
    // Clear the old primary first: the partial unique index allows one at a time.
    await tx
      .update(licenses)
      .set({ isPrimary: false })
      .where(and(eq(licenses.userId, userId), ne(licenses.id, licenseId)));
    await tx.update(licenses).set({ isPrimary: true }).where(eq(licenses.id, licenseId));
    return licenseId;
  });
  return license!;
}

/** Makes `change` to one user's licenses and answers the license it names, as committed (none once deleted). */
async function changeLicenses(
  app: App,
  userId: string,
  action: AuditAction,
  origin: RequestOrigin,
  change: (tx: Database) => Promise<string>,
  keep: KeepAnswer = keepNothing,
): Promise<TLicense | undefined> {
  try {
    return await app.db.transaction(async (tx) => {
      await lockLicensesOf(tx, userId);
      const licenseId = await change(tx);
      await recordAudit(tx, {
        action,
        actorUserId: userId,
        subjectUserId: userId,
        ...origin,
        details: { license_id: licenseId },
      });
      const license = await findLicense(tx, userId, licenseId);
      await keep(tx, license);
      return license;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'licenses_user_registration_key') {
      throw new AppError('conflict', [
        { loc: ['body', 'number'], msg: 'Este registro já está cadastrado', type: 'unique' },
      ]);
    }
    throw error;
  }
}

async function assertLicenseType(app: App, licenseTypeId: number): Promise<void> {
  if (!(await app.referenceData.licenseType(licenseTypeId))) {
    throw fieldError(['body', 'license_type_id'], 'Conselho profissional não encontrado');
  }
}
