import { and, count, desc, eq, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisVersions, type AnamnesisVersionRow } from '../../db/schema/index';

/**
 * The number the professional sees for each version: the versions up to it that did not fail, so a failed
 * (refunded) generation takes no number (a window over all the consultation's versions, before any limit).
 */
export const shownNumberColumn = sql<number>`(count(*) filter (where ${anamnesisVersions.status} <> 'failed') over (order by ${anamnesisVersions.version}))::int`;

/** The number the professional sees for one version, as `shownNumberColumn` counts it. */
export async function shownNumber(db: Database, row: AnamnesisVersionRow): Promise<number> {
  const [counted] = await db
    .select({ value: count() })
    .from(anamnesisVersions)
    .where(
      and(
        eq(anamnesisVersions.consultationId, row.consultationId),
        lte(anamnesisVersions.version, row.version),
        ne(anamnesisVersions.status, 'failed'),
      ),
    );
  return counted!.value;
}

/** The consultation's newest version, whatever its status. */
export async function latestVersion(db: Database, consultationId: string): Promise<AnamnesisVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(anamnesisVersions)
    .where(eq(anamnesisVersions.consultationId, consultationId))
    .orderBy(desc(anamnesisVersions.version))
    .limit(1);
  return row;
}

/** The latest ready note (before version `below`, when given). */
export async function latestReadyVersion(
  db: Database,
  consultationId: string,
  below?: number,
): Promise<AnamnesisVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(anamnesisVersions)
    .where(
      and(
        eq(anamnesisVersions.consultationId, consultationId),
        eq(anamnesisVersions.status, 'ready'),
        below === undefined ? undefined : lt(anamnesisVersions.version, below),
      ),
    )
    .orderBy(desc(anamnesisVersions.version))
    .limit(1);
  return row;
}

/** One version of a note's fields (empty when it is gone). */
export async function versionFields(db: Database, anamnesisId: string): Promise<AnamnesisVersionRow['fields']> {
  const [row] = await db
    .select({ fields: anamnesisVersions.fields })
    .from(anamnesisVersions)
    .where(eq(anamnesisVersions.id, anamnesisId));
  return row?.fields ?? [];
}
