import type { TConsultationHistory } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createTestConsultation, createTestPatient } from '../../../test/clinical-factories';
import { addEarlierConsultation } from '../../../test/earlier-consultation-factory';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const historyUrl = (consultationId: string) => `/api/v1/user/consultations/${consultationId}/history`;

async function historyOf(headers: Record<string, string>, consultationId: string) {
  const response = await t.app.inject({ method: 'GET', url: historyUrl(consultationId), headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TConsultationHistory>().consultations;
}

describe('GET /api/v1/user/consultations/{id}/history', () => {
  it('lists the patient’s last three concluded notes before this one, newest first, with confirmed codes', async () => {
    const owner = await createLoggedInUser(t.app);
    const patient = await createTestPatient(t.app, owner.headers);
    const add = (day: string, options: Omit<Parameters<typeof addEarlierConsultation>[3], 'day'> = {}) =>
      addEarlierConsultation(t.app, owner, patient.id, { day, ...options });
    const november = await add('2025-11-03', { title: 'Primeira consulta' });
    const february = await add('2026-02-10', { texts: { conduta: 'Não informado' } });
    const january = await add('2026-01-05');
    const march = await add('2026-03-12', {
      title: 'Retorno',
      texts: { queixa_principal: 'Cefaleia há uma semana.' },
      diagnoses: [
        { code: 'I10', confirmed: true },
        { code: 'R51', confirmed: false },
      ],
    });
    await add('2026-04-01', { status: 'draft' });
    await add('2026-04-02', { texts: null });
    const otherPatient = await createTestPatient(t.app, owner.headers);
    await addEarlierConsultation(t.app, owner, otherPatient.id, { day: '2026-04-03' });
    const current = await createTestConsultation(t.app, owner.headers, { patient_id: patient.id });

    const history = await historyOf(owner.headers, current.id);
    expect(history.map((each) => [each.id, each.date])).toEqual([
      [march, '2026-03-12'],
      [february, '2026-02-10'],
      [january, '2026-01-05'],
    ]);
    expect(history[0]).toEqual({
      id: march,
      date: '2026-03-12',
      title: 'Retorno',
      template: 'Clínica geral',
      fields: [
        { field_id: 'queixa_principal', title: 'Queixa principal', text: 'Cefaleia há uma semana.' },
        {
          field_id: 'hda',
          title: 'História da doença atual',
          text: 'Refere pressão arterial ≥ 140/90 mmHg em aferições domiciliares.\nNega dispneia e síncope.',
        },
        { field_id: 'conduta', title: 'Conduta', text: 'Solicitado ECG; retorno em 15 dias.' },
      ],
      diagnoses: [{ code: 'I10', description: 'Hipertensão essencial (primária)' }],
    });
    // "Não informado" and empty fields are left out.
    expect(history[1]!.fields.map((field) => field.field_id)).toEqual(['queixa_principal', 'hda']);

    // An earlier consultation sees only those before it; a first visit, none.
    expect((await historyOf(owner.headers, february)).map((each) => each.id)).toEqual([january, november]);
    const firstVisit = await createTestConsultation(t.app, owner.headers, { patient_id: otherPatient.id });
    expect((await historyOf(owner.headers, firstVisit.id)).length).toBe(1);
    expect(await historyOf(owner.headers, (await createTestConsultation(t.app, owner.headers)).id)).toEqual([]);
  });

  it('counts a visit not concluded once its note is hers: edited or every flagged sentence confirmed', async () => {
    const owner = await createLoggedInUser(t.app);
    const patient = await createTestPatient(t.app, owner.headers);
    const sources = { transcript: [], evidence: [], user_context: false };
    const flagged = {
      hda: [
        {
          text: 'PA 150x100 mmHg.',
          sources,
          status: 'unverified' as const,
          reason: '138x88 na fonte, 150x100 na nota',
        },
        { text: 'Nega dispneia.', sources, status: 'unverified' as const, reason: 'negação não encontrada' },
      ],
    };
    const open = (day: string, statements?: typeof flagged) =>
      addEarlierConsultation(t.app, owner, patient.id, { day, status: 'draft', statements });
    const confirmed = await open('2026-03-01', flagged);
    const halfConfirmed = await open('2026-03-02', flagged);
    const onlyGenerated = await open('2026-03-03');
    const edited = await open('2026-03-04');
    const putNote = async (consultationId: string, body: object) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/user/consultations/${consultationId}/anamnesis`,
        headers: owner.headers,
        payload: { base_version: 1, ...body },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await putNote(confirmed, {
      confirmations: [
        { field_id: 'hda', index: 0 },
        { field_id: 'hda', index: 1 },
      ],
    });
    await putNote(halfConfirmed, { confirmations: [{ field_id: 'hda', index: 0 }] });
    await putNote(edited, { fields: [{ field_id: 'conduta', text: 'Retorno em 30 dias.' }] });
    const current = await createTestConsultation(t.app, owner.headers, { patient_id: patient.id });

    const history = await historyOf(owner.headers, current.id);
    // Only generated, or with a sentence still unconfirmed: not history until she concludes the visit.
    expect(history.map((each) => each.id)).toEqual([edited, confirmed]);
    expect(history[0]!.fields.find((field) => field.field_id === 'conduta')?.text).toBe('Retorno em 30 dias.');
    expect([halfConfirmed, onlyGenerated].some((id) => history.some((each) => each.id === id))).toBe(false);
  });

  it('answers 401 without a session, 404 for another professional’s or no consultation, 422 for a bad id', async () => {
    const owner = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    const { id } = await createTestConsultation(t.app, owner.headers);

    expect((await t.app.inject({ method: 'GET', url: historyUrl(id) })).statusCode).toBe(401);
    const foreign = await t.app.inject({ method: 'GET', url: historyUrl(id), headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Consulta não encontrada' });
    const missing = await t.app.inject({ method: 'GET', url: historyUrl(crypto.randomUUID()), headers: owner.headers });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: historyUrl('abc'), headers: owner.headers });
    expect(malformed.statusCode).toBe(422);
    expect(errorLocs(malformed)).toEqual([['params', 'id']]);
  });
});
