import type { TAnamnesis } from '@escriba/contract';
import { desc, eq } from 'drizzle-orm';
import { anamnesisVersions } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { assertOwnConsultation } from '../consultations/get-consultation';
import { listDiagnoses } from '../diagnoses/diagnoses-store';
import { shownNumberColumn } from './anamnesis-store';
import { toAnamnesisVersion } from './anamnesis-view';

// Each version holds the whole note; the newest ones are what the page offers.
const VERSIONS_LISTED = 50;

/** GET .../anamnesis: the latest version and the earlier ones, newest first, and the note's diagnoses. */
export async function getAnamnesis(app: App, userId: string, consultationId: string): Promise<TAnamnesis> {
  await assertOwnConsultation(app.db, userId, consultationId);
  const rows = await app.db
    .select({ row: anamnesisVersions, number: shownNumberColumn })
    .from(anamnesisVersions)
    .where(eq(anamnesisVersions.consultationId, consultationId))
    .orderBy(desc(anamnesisVersions.version))
    .limit(VERSIONS_LISTED);
  const versions = rows.map(({ row, number }) => toAnamnesisVersion(row, number));
  return { latest: versions[0] ?? null, versions, diagnoses: await listDiagnoses(app.db, consultationId) };
}
