import type { TLicense } from '@escriba/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenses, licenseTypes, users } from '../../db/schema/index';

const licenseColumns = {
  id: licenses.id,
  licenseTypeId: licenses.licenseTypeId,
  licenseTypeCode: licenseTypes.code,
  number: licenses.number,
  state: licenses.state,
  rqe: licenses.rqe,
  isPrimary: licenses.isPrimary,
  createdAt: licenses.createdAt,
};

type Column<K extends keyof typeof licenseColumns> = (typeof licenseColumns)[K]['_'];
type LicenseRecord = {
  [K in keyof typeof licenseColumns]: Column<K>['notNull'] extends true ? Column<K>['data'] : Column<K>['data'] | null;
};

export function toLicenseView(row: LicenseRecord): TLicense {
  return {
    id: row.id,
    license_type_id: row.licenseTypeId,
    license_type_code: row.licenseTypeCode,
    number: row.number,
    state: row.state,
    rqe: row.rqe,
    is_primary: row.isPrimary,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's licenses, primary first, then in the order they were added. */
export async function listLicenses(db: Database, userId: string): Promise<TLicense[]> {
  const rows = await db
    .select(licenseColumns)
    .from(licenses)
    .innerJoin(licenseTypes, eq(licenseTypes.id, licenses.licenseTypeId))
    .where(eq(licenses.userId, userId))
    .orderBy(sql`${licenses.isPrimary} desc`, asc(licenses.createdAt), asc(licenses.id));
  return rows.map(toLicenseView);
}

export async function findLicense(db: Database, userId: string, licenseId: string): Promise<TLicense | undefined> {
  const [row] = await db
    .select(licenseColumns)
    .from(licenses)
    .innerJoin(licenseTypes, eq(licenseTypes.id, licenses.licenseTypeId))
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)));
  return row && toLicenseView(row);
}

/** Serialises changes to one user's licenses, so "exactly one primary" holds under concurrency. */
export async function lockLicensesOf(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
