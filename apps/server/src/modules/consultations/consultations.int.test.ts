import { USER_CONTEXT_MAX_LENGTH, type TConsultation, type TPatient } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs, fieldErrors } from '../../../test/account-requests';
import { createTestConsultation, createTestPatient, uniqueWord } from '../../../test/clinical-factories';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  ({ headers } = await createLoggedInUser(t.app));
});

const CONSULTATIONS = '/api/v1/user/consultations/';

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: CONSULTATIONS, headers, payload: payload as object });
const get = (id: string) => t.app.inject({ method: 'GET', url: `${CONSULTATIONS}${id}`, headers });
const patch = (id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `${CONSULTATIONS}${id}`, headers, payload: payload as object });
const putContext = (id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `${CONSULTATIONS}${id}/user-context`, headers, payload: payload as object });
const countPatients = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/user/patients/', headers, query: { archived: 'all' } })).json<{
    total: number;
  }>().total;

describe('POST /user/consultations/', () => {
  it('opens a draft for an existing patient, with the patient’s record', async () => {
    const patient = await createTestPatient(t.app, headers, {
      birth_date: '2015-01-10',
      sex: 'male',
      cpf: uniqueCpf(),
      health_insurance: { name: 'Unimed', card_number: '0 123 456789012345 6' },
    });
    const response = await post({ patient_id: patient.id, title: 'Retorno', chief_complaint: 'Tosse há 5 dias' });
    expect(response.statusCode, response.body).toBe(201);
    const consultation = response.json<TConsultation>();
    expect(consultation).toMatchObject({
      status: 'draft',
      title: 'Retorno',
      chief_complaint: 'Tosse há 5 dias',
      user_context: '',
    });
    expect(consultation.patient).toEqual(patient);
    expect((await get(consultation.id)).json()).toEqual(consultation);
  });

  it('creates the patient in the same step', async () => {
    const name = `Nova ${uniqueWord()}`;
    const response = await post({ patient: { name, birth_date: '1990-03-01', sex: 'female' } });
    expect(response.statusCode, response.body).toBe(201);
    const consultation = response.json<TConsultation>();
    const patient = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/patients/${consultation.patient.id}`,
      headers,
    });
    expect(patient.json<TPatient>()).toMatchObject({ name, birth_date: '1990-03-01', sex: 'female' });
  });

  it('asks for exactly one of patient_id and patient', async () => {
    const patient = await createTestPatient(t.app, headers);
    for (const body of [{}, { patient_id: patient.id, patient: { name: 'Duas Vezes' } }]) {
      const response = await post(body);
      expect(response.statusCode).toBe(422);
      expect(errorLocs(response)).toEqual([['body', 'patient_id']]);
    }
    expect(errorLocs(await post({ patient: { name: 'Ok Nome', cpf: '111.111.111-11' } }))).toEqual([
      ['body', 'patient', 'cpf'],
    ]);
  });

  it('creates nothing when the new patient cannot be stored, and refuses an archived patient', async () => {
    const cpf = uniqueCpf();
    await createTestPatient(t.app, headers, { cpf });
    const before = await countPatients();
    const duplicate = await post({ patient: { name: 'Mesmo CPF', cpf }, title: 'Primeira consulta' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorLocs(duplicate)).toEqual([['body', 'patient', 'cpf']]);
    expect(await countPatients()).toBe(before);

    const archived = await createTestPatient(t.app, headers);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/patients/${archived.id}`,
      headers,
      payload: { archived: true },
    });
    const refused = await post({ patient_id: archived.id });
    expect(refused.statusCode).toBe(409);
    expect(fieldErrors(refused)[0]).toMatchObject({ loc: ['body', 'patient_id'], type: 'archived' });
  });

  it('refuses oversized, NUL-bearing and unnormalised text', async () => {
    const patient = await createTestPatient(t.app, headers);
    const cases = [
      { title: 't'.repeat(201) },
      { chief_complaint: 'c'.repeat(2001) },
      { title: 'Dor\u0000' },
      { chief_complaint: 'Cefale\u0301ia' },
    ];
    for (const body of cases) {
      const response = await post({ patient_id: patient.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorLocs(response)).toEqual([['body', Object.keys(body)[0]!]]);
    }
  });
});

describe('PATCH /user/consultations/{id}', () => {
  it('changes the one field sent, and null clears a text', async () => {
    const consultation = await createTestConsultation(t.app, headers, { title: 'Primeira' });
    const renamed = await patch(consultation.id, { title: '  Retorno de exames  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<TConsultation>()).toMatchObject({ title: 'Retorno de exames', status: 'draft' });
    const complaint = await patch(consultation.id, { chief_complaint: 'Dor lombar' });
    expect(complaint.json<TConsultation>()).toMatchObject({
      title: 'Retorno de exames',
      chief_complaint: 'Dor lombar',
    });
    const cleared = await patch(consultation.id, { title: null });
    expect(cleared.json<TConsultation>()).toMatchObject({ title: null, chief_complaint: 'Dor lombar' });
  });

  it('refuses unknown fields, read-only fields, no field and two fields, changing nothing', async () => {
    const consultation = await createTestConsultation(t.app, headers, { title: 'Intacta' });
    const unknown = await patch(consultation.id, { diagnosis: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)).toContainEqual({
      loc: ['body', 'diagnosis'],
      msg: 'Campo não permitido',
      type: 'extra_forbidden',
    });
    for (const field of ['id', 'patient_id', 'created_at', 'user_context']) {
      const readOnly = await patch(consultation.id, { [field]: 'x' });
      expect(readOnly.statusCode, field).toBe(422);
      expect(errorLocs(readOnly), field).toEqual([['body', field]]);
    }
    expect(fieldErrors(await patch(consultation.id, { user_context: 'x' }))[0]!.msg).toContain('user-context');
    for (const body of [{}, { title: 'Uma', chief_complaint: 'Duas' }]) {
      const response = await patch(consultation.id, body);
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response)[0]!.msg).toContain('exatamente um campo');
    }
    expect((await get(consultation.id)).json()).toEqual(consultation);
  });
});

describe('PUT /user/consultations/{id}/user-context', () => {
  it('stores the text exactly as sent, up to the limit, and empties it with ""', async () => {
    const consultation = await createTestConsultation(t.app, headers);
    const text = '  Paciente trouxe exames de 2023.\n\tPA 12x8 em casa.  ';
    const saved = await putContext(consultation.id, { user_context: text });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TConsultation>().user_context).toBe(text);
    expect((await get(consultation.id)).json<TConsultation>().user_context).toBe(text);
    const longest = 'á'.repeat(USER_CONTEXT_MAX_LENGTH);
    expect((await putContext(consultation.id, { user_context: longest })).statusCode).toBe(200);
    expect((await putContext(consultation.id, { user_context: '' })).json<TConsultation>().user_context).toBe('');
  });

  it('refuses oversized, NUL-bearing and unnormalised text, and other shapes, keeping what was saved', async () => {
    const consultation = await createTestConsultation(t.app, headers);
    await putContext(consultation.id, { user_context: 'Guardado' });
    const bad = [
      { user_context: 'x'.repeat(USER_CONTEXT_MAX_LENGTH + 1) },
      { user_context: 'a\u0000b' },
      { user_context: 'Cefale\u0301ia' },
      { user_context: 42 },
      {},
      { user_context: 'ok', title: 'x' },
    ];
    for (const body of bad)
      expect((await putContext(consultation.id, body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
    expect((await get(consultation.id)).json<TConsultation>().user_context).toBe('Guardado');
  });
});

describe('audit of consultation changes', () => {
  it('records what happened with ids and field names, never the clinical text', async () => {
    const own = await createLoggedInUser(t.app);
    const patientName = `Sigilo ${uniqueWord()}`;
    const consultation = await createTestConsultation(t.app, own.headers, {
      patient: { name: patientName },
      chief_complaint: 'Queixa confidencial',
    });
    const as = own.headers;
    await t.app.inject({
      method: 'PATCH',
      url: `${CONSULTATIONS}${consultation.id}`,
      headers: as,
      payload: { title: 'Título sigiloso' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `${CONSULTATIONS}${consultation.id}`,
      headers: as,
      payload: { status: 'recording' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `${CONSULTATIONS}${consultation.id}/user-context`,
      headers: as,
      payload: { user_context: 'Contexto sigiloso' },
    });
    await t.app.inject({ method: 'DELETE', url: `${CONSULTATIONS}${consultation.id}`, headers: as });
    const rows = await auditRowsOf(t.app, own.user.id);
    const ids = { consultation_id: consultation.id };
    expect(rows.slice(0, 6).map((row) => [row.action, row.details])).toEqual([
      ['consultation.deleted', { ...ids, patient_id: consultation.patient.id }],
      ['consultation.user_context_saved', ids],
      ['consultation.status_changed', { ...ids, from: 'draft', to: 'recording' }],
      ['consultation.updated', { ...ids, fields: ['title'] }],
      ['consultation.created', { ...ids, patient_id: consultation.patient.id }],
      ['patient.created', { patient_id: consultation.patient.id }],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/sigilos|confidencial|Sigilo/);
  });
});
