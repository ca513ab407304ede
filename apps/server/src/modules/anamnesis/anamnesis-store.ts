import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anamnesisVersions, type AnamnesisVersionRow } from '../../db/schema/index';

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
