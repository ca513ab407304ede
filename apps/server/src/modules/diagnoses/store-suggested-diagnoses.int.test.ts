import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { diagnosesOf, putDiagnoses, sourcesFrom, suggest } from '../../../test/diagnoses-test-setup';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { NO_SOURCES } from '../generation/source-labels';

const t = useTestApp();

async function scene() {
  const user = await createLoggedInUser(t.app);
  const consultation = await createTestConsultation(t.app, user.headers);
  return { headers: user.headers, consultationId: consultation.id };
}

const summary = (list: { code: string; confirmed: boolean; suggested: boolean }[]) =>
  list.map(({ code, confirmed, suggested }) => ({ code, confirmed, suggested }));

describe('storeSuggestedDiagnoses', () => {
  it('stores the model’s codes that are in the table, unconfirmed, with their sources; others are skipped', async () => {
    const { headers, consultationId } = await scene();
    const stored = await suggest(t.app, consultationId, [
      { code: 'e119', sources: sourcesFrom(1) },
      { code: 'I10.0', sources: sourcesFrom(2) },
      { code: 'X', sources: sourcesFrom(3) },
      { code: 'R51', sources: sourcesFrom(4) },
      { code: 'E11.9', sources: sourcesFrom(5) },
    ]);
    expect(stored).toEqual([
      {
        code: 'E11.9',
        description: 'Diabetes mellitus não-insulino-dependente - sem complicações',
        confirmed: false,
        suggested: true,
        sources: sourcesFrom(1),
      },
      { code: 'R51', description: 'Cefaléia', confirmed: false, suggested: true, sources: sourcesFrom(4) },
    ]);
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual(stored);
  });

  it('never changes a confirmed code, keeps the professional’s own, and replaces earlier unconfirmed suggestions', async () => {
    const { headers, consultationId } = await scene();
    await suggest(t.app, consultationId, [
      { code: 'I10', sources: sourcesFrom(1) },
      { code: 'R51', sources: sourcesFrom(2) },
      { code: 'J45', sources: sourcesFrom(3) },
    ]);
    await putDiagnoses(t.app, headers, consultationId, [
      { code: 'I10', confirmed: true },
      { code: 'R51', confirmed: false },
      { code: 'J45', confirmed: false },
      { code: 'E11.9', confirmed: false },
      { code: 'K21', confirmed: true },
    ]);

    const stored = await suggest(t.app, consultationId, [
      { code: 'I10', sources: sourcesFrom(7) },
      { code: 'K21', sources: sourcesFrom(8) },
      { code: 'E11.9', sources: sourcesFrom(9) },
      { code: 'A90', sources: sourcesFrom(10) },
    ]);
    // J45 (suggested, never confirmed) is gone; R51 too; E11.9, added by the professional, is now suggested.
    expect(summary(stored)).toEqual([
      { code: 'I10', confirmed: true, suggested: true },
      { code: 'E11.9', confirmed: false, suggested: true },
      { code: 'K21', confirmed: true, suggested: false },
      { code: 'A90', confirmed: false, suggested: true },
    ]);
    expect(stored.map((item) => item.sources)).toEqual([sourcesFrom(1), sourcesFrom(9), NO_SOURCES, sourcesFrom(10)]);
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual(stored);
  });
});
