import type { TDiagnosis } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { diagnosesOf, diagnosesUrl, putDiagnoses, sourcesFrom, suggest } from '../../../test/diagnoses-test-setup';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { NO_SOURCES } from '../generation/source-labels';

const t = useTestApp();

const HYPERTENSION = { code: 'I10', description: 'Hipertensão essencial (primária)' };
const DIABETES = { code: 'E11.9', description: 'Diabetes mellitus não-insulino-dependente - sem complicações' };
const HEADACHE = { code: 'R51', description: 'Cefaléia' };

async function scene() {
  const user = await createLoggedInUser(t.app);
  const consultation = await createTestConsultation(t.app, user.headers);
  return { ...user, consultationId: consultation.id };
}

describe('PUT /api/v1/user/consultations/{id}/anamnesis/diagnoses', () => {
  it('replaces the list in the order sent, with descriptions, shown by the anamnesis GET, and audits it', async () => {
    const { headers, user, consultationId } = await scene();
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual([]);

    const saved = await putDiagnoses(t.app, headers, consultationId, [
      { code: 'i10', confirmed: true },
      { code: 'E119', confirmed: false },
    ]);
    expect(saved.statusCode).toBe(200);
    const list: TDiagnosis[] = [
      { ...HYPERTENSION, confirmed: true, suggested: false, sources: NO_SOURCES },
      { ...DIABETES, confirmed: false, suggested: false, sources: NO_SOURCES },
    ];
    expect(saved.json()).toEqual(list);
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual(list);

    const reordered = await putDiagnoses(t.app, headers, consultationId, [
      { code: 'E11.9', confirmed: true },
      { code: 'I10', confirmed: true },
    ]);
    expect(reordered.json<TDiagnosis[]>().map((item) => [item.code, item.confirmed])).toEqual([
      ['E11.9', true],
      ['I10', true],
    ]);
    expect((await putDiagnoses(t.app, headers, consultationId, [])).json()).toEqual([]);
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual([]);

    const audits = (await auditRowsOf(t.app, user.id)).filter((row) => row.action === 'consultation.diagnoses_saved');
    expect(audits).toHaveLength(3);
    expect(audits[0]!.details).toEqual({ consultation_id: consultationId });
  });

  it('keeps a kept code’s sources and suggestion mark; a code the professional adds has none', async () => {
    const { headers, consultationId } = await scene();
    await suggest(t.app, consultationId, [
      { code: 'I10', sources: sourcesFrom(3) },
      { code: 'R51', sources: sourcesFrom(5) },
    ]);
    const response = await putDiagnoses(t.app, headers, consultationId, [
      { code: 'E11.9', confirmed: true },
      { code: 'I10', confirmed: true },
    ]);
    expect(response.json()).toEqual([
      { ...DIABETES, confirmed: true, suggested: false, sources: NO_SOURCES },
      { ...HYPERTENSION, confirmed: true, suggested: true, sources: sourcesFrom(3) },
    ]);
  });

  it('refuses a code not in the table or repeated, naming each entry, and writes nothing', async () => {
    const { headers, consultationId } = await scene();
    await putDiagnoses(t.app, headers, consultationId, [{ code: 'R51', confirmed: true }]);
    const stored = await diagnosesOf(t.app, headers, consultationId);

    const unknown = await putDiagnoses(t.app, headers, consultationId, [
      { code: 'I10', confirmed: true },
      // I10 has no subcategories.
      { code: 'I10.0', confirmed: false },
      { code: 'i10', confirmed: false },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      detail: [
        { loc: ['body', 1, 'code'], msg: 'Código não encontrado na CID-10', type: 'value_error' },
        { loc: ['body', 2, 'code'], msg: 'Código repetido na lista', type: 'value_error' },
      ],
    });
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual(stored);

    // Schema errors name an item's index as the path segment it is.
    const cases: [unknown, string[]][] = [
      [[{ code: 'hipertensa', confirmed: true }], ['body', '0', 'code']],
      [[{ code: 'I10' }], ['body', '0', 'confirmed']],
      [[{ code: 'I10', confirmed: 'sim' }], ['body', '0', 'confirmed']],
      [[{ code: 'I10', confirmed: true, extra: 1 }], ['body', '0', 'extra']],
      [{ code: 'I10', confirmed: true }, ['body']],
      [Array.from({ length: 31 }, () => ({ code: 'I10', confirmed: true })), ['body']],
    ];
    for (const [payload, loc] of cases) {
      const response = await putDiagnoses(t.app, headers, consultationId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(response)).toContainEqual(loc);
    }
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual([
      { ...HEADACHE, confirmed: true, suggested: false, sources: NO_SOURCES },
    ]);
  });

  it('answers 401 without a session, 404 for another professional’s or no consultation, 409 once concluded', async () => {
    const { headers, consultationId } = await scene();
    const body = [{ code: 'I10', confirmed: true }];
    const anonymous = await t.app.inject({ method: 'PUT', url: diagnosesUrl(consultationId), payload: body });
    expect(anonymous.statusCode).toBe(401);

    const other = await createLoggedInUser(t.app);
    expect((await putDiagnoses(t.app, other.headers, consultationId, body)).statusCode).toBe(404);
    expect((await putDiagnoses(t.app, other.headers, crypto.randomUUID(), body)).statusCode).toBe(404);
    expect(errorLocs(await putDiagnoses(t.app, headers, 'not-a-uuid', body))).toEqual([['params', 'id']]);
    expect(await diagnosesOf(t.app, headers, consultationId)).toEqual([]);

    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/consultations/${consultationId}`,
      headers,
      payload: { status: 'done' },
    });
    expect(done.statusCode).toBe(200);
    expect((await putDiagnoses(t.app, headers, consultationId, body)).statusCode).toBe(409);
  });
});
