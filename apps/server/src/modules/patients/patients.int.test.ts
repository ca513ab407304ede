import type { TCreatePatientBody, TPatient } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs, fieldErrors, formatCpf } from '../../../test/account-requests';
import { createTestPatient, uniqueWord } from '../../../test/clinical-factories';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  ({ headers } = await createLoggedInUser(t.app));
});

const PATIENTS = '/api/v1/user/patients/';

const post = (payload: unknown, as = headers) =>
  t.app.inject({ method: 'POST', url: PATIENTS, headers: as, payload: payload as object });
const patch = (id: string, payload: unknown, as = headers) =>
  t.app.inject({ method: 'PATCH', url: `${PATIENTS}${id}`, headers: as, payload: payload as object });
const get = (id: string, as = headers) => t.app.inject({ method: 'GET', url: `${PATIENTS}${id}`, headers: as });

function fullPatient(): TCreatePatientBody {
  return {
    name: `Maria ${uniqueWord()} da Conceição`,
    social_name: 'Mari',
    birth_date: '1980-05-17',
    sex: 'female',
    cpf: formatCpf(uniqueCpf()),
    phone: '(71) 99876-5432',
    email: ' Maria.Conceicao@Exemplo.com.br ',
    address: { cep: '40010-000', street: 'Rua Chile', number: '12', district: 'Centro', city: 'Salvador', state: 'BA' },
    health_insurance: { name: 'Plano Saúde Bahia', card_number: '0012 3456 7890' },
    notes: 'Alergia a dipirona.\nPrefere atendimento pela manhã.',
  };
}

describe('POST /user/patients/', () => {
  it('stores every field a clinic keeps, normalised, and answers it with the age', async () => {
    const body = fullPatient();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    const patient = response.json<TPatient>();
    expect(patient).toMatchObject({
      name: body.name,
      social_name: 'Mari',
      birth_date: '1980-05-17',
      sex: 'female',
      cpf: body.cpf!.replace(/\D/g, ''),
      phone: '71998765432',
      email: 'maria.conceicao@exemplo.com.br',
      address: { ...body.address, cep: '40010000' },
      health_insurance: body.health_insurance,
      notes: body.notes,
      archived: false,
      archived_at: null,
    });
    expect(patient.age).toBeGreaterThanOrEqual(45);
    expect((await get(patient.id)).json()).toEqual(patient);
  });

  it('needs only a name; the rest stays empty', async () => {
    const patient = await createTestPatient(t.app, headers);
    expect(patient).toMatchObject({
      social_name: null,
      birth_date: null,
      age: null,
      sex: null,
      cpf: null,
      address: null,
    });
  });

  it('refuses bad input naming each field', async () => {
    const response = await post({
      name: 'A',
      cpf: '123.456.789-00',
      birth_date: '2020-02-30',
      sex: 'other',
      email: 'not-an-email',
      notes: 'x'.repeat(5001),
      blood_type: 'O+',
    });
    expect(response.statusCode).toBe(422);
    expect(errorLocs(response)).toEqual(
      expect.arrayContaining(
        ['name', 'cpf', 'birth_date', 'sex', 'email', 'notes', 'blood_type'].map((field) => ['body', field]),
      ),
    );
  });

  it('refuses a birth date in the future and text with NUL or unnormalised Unicode', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(errorLocs(await post({ name: 'Ana Lima', birth_date: future }))).toEqual([['body', 'birth_date']]);
    expect(errorLocs(await post({ name: 'Ana\u0000Lima' }))).toEqual([['body', 'name']]);
    const decomposed = await post({ name: 'Ana Lima', notes: 'Refere cefale\u0301ia' });
    expect(errorLocs(decomposed)).toEqual([['body', 'notes']]);
    expect(fieldErrors(decomposed)[0]!.msg).toContain('NFC');
  });

  it("refuses a CPF already used by one of the professional's patients, not another professional's", async () => {
    const cpf = uniqueCpf();
    await createTestPatient(t.app, headers, { cpf });
    const again = await post({ name: 'Outro Nome', cpf: formatCpf(cpf) });
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again)).toEqual([
      { loc: ['body', 'cpf'], msg: 'Já existe um paciente com este CPF', type: 'unique' },
    ]);
    const other = await createLoggedInUser(t.app);
    expect((await post({ name: 'Mesmo CPF', cpf }, other.headers)).statusCode).toBe(201);
  });
});

describe('PATCH /user/patients/{id}', () => {
  it('changes only the fields sent, clears fields set to null, and keeps search in step with the name', async () => {
    const patient = await createTestPatient(t.app, headers, fullPatient());
    const newName = `João ${uniqueWord()}`;
    const response = await patch(patient.id, { name: newName, social_name: null, health_insurance: null });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<TPatient>();
    expect(updated).toEqual({
      ...patient,
      name: newName,
      social_name: null,
      health_insurance: null,
      updated_at: updated.updated_at,
    });
    const found = await t.app.inject({
      method: 'GET',
      url: PATIENTS,
      headers,
      query: { q: newName.replace('ã', 'a') },
    });
    expect(found.json<{ items: TPatient[] }>().items.map((item) => item.id)).toEqual([patient.id]);
  });

  it('archives and restores, keeping the first archive date while archived', async () => {
    const patient = await createTestPatient(t.app, headers);
    const archived = (await patch(patient.id, { archived: true })).json<TPatient>();
    expect(archived.archived).toBe(true);
    expect(archived.archived_at).not.toBeNull();
    const again = (await patch(patient.id, { archived: true })).json<TPatient>();
    expect(again.archived_at).toBe(archived.archived_at);
    const restored = (await patch(patient.id, { archived: false })).json<TPatient>();
    expect(restored).toMatchObject({ archived: false, archived_at: null });
  });

  it('refuses an empty body, unknown and read-only fields, and a CPF of another patient', async () => {
    const patient = await createTestPatient(t.app, headers);
    expect((await patch(patient.id, {})).statusCode).toBe(422);
    const unknown = await patch(patient.id, { nome: 'x' });
    expect(fieldErrors(unknown)).toContainEqual({
      loc: ['body', 'nome'],
      msg: 'Campo não permitido',
      type: 'extra_forbidden',
    });
    const readOnly = await patch(patient.id, { created_at: '2020-01-01T00:00:00Z' });
    expect(fieldErrors(readOnly)[0]).toMatchObject({ loc: ['body', 'created_at'], msg: 'Campo somente leitura' });
    const cpf = uniqueCpf();
    await createTestPatient(t.app, headers, { cpf });
    const duplicate = await patch(patient.id, { cpf });
    expect(duplicate.statusCode).toBe(409);
    expect(errorLocs(duplicate)).toEqual([['body', 'cpf']]);
    expect((await get(patient.id)).json<TPatient>().cpf).toBeNull();
  });
});

describe('patients of another professional and callers without a session', () => {
  it('answer 404 to read or change, and stay as they were', async () => {
    const patient = await createTestPatient(t.app, headers);
    const stranger = await createLoggedInUser(t.app);
    for (const response of [
      await get(patient.id, stranger.headers),
      await patch(patient.id, { name: 'Invasor' }, stranger.headers),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Paciente não encontrado' });
    }
    expect((await get(randomUUID())).statusCode).toBe(404);
    expect((await get(patient.id)).json()).toEqual(patient);
  });

  it('answers 401 without a token on every route', async () => {
    const patient = await createTestPatient(t.app, headers);
    const answers = [
      await t.app.inject({ method: 'GET', url: PATIENTS }),
      await post({ name: 'Sem Sessão' }, {}),
      await get(patient.id, {}),
      await patch(patient.id, { name: 'Sem Sessão' }, {}),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
  });
});

describe('audit of patient changes', () => {
  it('records creations and updates with ids and field names, never the patient data', async () => {
    const { user, headers: own } = await createLoggedInUser(t.app);
    const body = fullPatient();
    const patient = await createTestPatient(t.app, own, body);
    await patch(patient.id, { notes: 'Hipertensão controlada', archived: true }, own);
    const rows = await auditRowsOf(t.app, user.id);
    const actions = rows.map((row) => [row.action, row.details]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['patient.updated', { patient_id: patient.id, fields: ['notes', 'archived'] }],
        ['patient.created', { patient_id: patient.id }],
      ]),
    );
    const text = JSON.stringify(rows);
    for (const secret of [body.name, patient.cpf!, 'Hipertensão', 'dipirona']) expect(text).not.toContain(secret);
  });
});
