import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { promptVersions } from '../../db/schema/index';

/** The text a provenance names: prompt versions are never changed, so this is what the note or document used. */
export async function promptText(db: Database, promptId: string, version: number): Promise<string> {
  const [row] = await db
    .select({ text: promptVersions.text })
    .from(promptVersions)
    .where(and(eq(promptVersions.promptId, promptId), eq(promptVersions.version, version)));
  if (!row) throw new Error(`No prompt ${promptId} version ${version}`);
  return row.text;
}
