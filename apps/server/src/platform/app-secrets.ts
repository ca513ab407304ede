import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema/index';
import { randomToken } from './crypto';

/** A random secret shared by every instance on the same database, created by whichever starts first. */
export async function loadSecret(db: Database, name: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: randomToken() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be created`);
  return row.value;
}
