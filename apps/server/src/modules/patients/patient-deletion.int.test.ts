import type { TDeletedPatient, TPatientRetained, TPatientRetention } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createTestConsultation, createTestPatient } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { consultations } from '../../db/schema/index';
import { retainedUntil } from './record-retention';
import { DELETED, deletePatientRequest, patientWithFiles, rowsLeft } from '../../../test/patient-deletion-setup';

const t = useTestApp();
type Login = Awaited<ReturnType<typeof createLoggedInUser>>;
let owner: Login;
let stranger: Login;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createLoggedInUser(t.app), createLoggedInUser(t.app)]);
});

const remove = (patientId: string, confirm?: string, headers: Record<string, string> = owner.headers) =>
  deletePatientRequest(t.app, headers, patientId, confirm);

async function concludedVisit(patientId: string, concludedAt?: Date): Promise<string> {
  const visit = await createTestConsultation(t.app, owner.headers, { patient_id: patientId });
  const done = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/user/consultations/${visit.id}`,
    headers: owner.headers,
    payload: { status: 'done' },
  });
  expect(done.statusCode, done.body).toBe(200);
  if (concludedAt) await t.app.db.update(consultations).set({ concludedAt }).where(eq(consultations.id, visit.id));
  return visit.id;
}

describe('DELETE /user/patients/{id}', () => {
  it('deletes a patient with drafts only: her rows, then her files; the audit trail stays', async () => {
    const { patient, consultationIds, files } = await patientWithFiles(t.app, owner.headers);
    // Her name typed with other case, no accents and extra spaces.
    const typed = `  ${patient.name.toUpperCase().normalize('NFD').replace(/\p{M}/gu, '')} `;
    const response = await remove(patient.id, typed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TDeletedPatient>()).toEqual({
      detail: `O cadastro de ${patient.name} foi excluído.`,
      ...DELETED,
    });
    expect(await rowsLeft(t.app, patient.id, consultationIds)).toBe(0);
    await waitUntil(
      async () => (await Promise.all(files.map((key) => t.app.storage.get(key)))).every((bytes) => !bytes),
      'files removed by the job queued with the deletion',
      10_000,
    );
    const audit = await auditRowsOf(t.app, owner.user.id);
    const deleted = audit.find((row) => row.action === 'patient.deleted');
    expect(deleted?.details).toEqual({ patient_id: patient.id, consultations: 2, files: 2 });
    // The trail of what was done before stays, naming the records that are gone.
    const created = audit.filter((row) => row.action === 'consultation.created');
    expect(created.map((row) => (row.details as { consultation_id: string }).consultation_id)).toEqual(
      expect.arrayContaining(consultationIds),
    );
    expect(
      (await t.app.inject({ url: `/api/v1/user/patients/${patient.id}`, headers: owner.headers })).statusCode,
    ).toBe(404);
    expect((await remove(patient.id, patient.name)).statusCode).toBe(404);
  });

  it('deletes a patient created by mistake, without consultations, by her social name too', async () => {
    const patient = await createTestPatient(t.app, owner.headers, { social_name: 'Tom Ribeiro' });
    const response = await remove(patient.id, 'tom ribeiro');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TDeletedPatient>().removed).toEqual({ consultations: 0, files: 0 });
  });

  it('keeps a record with a concluded consultation for 20 years, saying why and until when', async () => {
    const { patient, consultationIds, files } = await patientWithFiles(t.app, owner.headers);
    const concluded = await concludedVisit(patient.id);
    const response = await remove(patient.id, patient.name);
    expect(response.statusCode).toBe(409);
    const until = retainedUntil(new Date(), 20);
    const shown = `${until.slice(8)}/${until.slice(5, 7)}/${until.slice(0, 4)}`;
    expect(response.json<TPatientRetained>()).toEqual({
      detail:
        'O prontuário deve ser guardado por 20 anos após a última consulta concluída (Lei 13.787/2018): este ' +
        `paciente só pode ser excluído a partir de ${shown}. Se ele pediu os seus dados, exporte-os.`,
      retained_until: until,
    });
    expect(await rowsLeft(t.app, patient.id, [...consultationIds, concluded])).toBe(6);
    for (const key of files) expect(await t.app.storage.get(key)).toBeDefined();
  });

  it('counts from the last concluded consultation, even one reopened since, and deletes once the years passed', async () => {
    const patient = await createTestPatient(t.app, owner.headers);
    const longAgo = new Date(Date.now() - 21 * 365.25 * 24 * 3600_000);
    await concludedVisit(patient.id, longAgo);
    const reopened = await concludedVisit(patient.id, new Date(Date.now() - 19 * 365.25 * 24 * 3600_000));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/consultations/${reopened}`,
      headers: owner.headers,
      payload: { status: 'draft' },
    });
    expect((await remove(patient.id, patient.name)).statusCode).toBe(409);
    await t.app.db.update(consultations).set({ concludedAt: longAgo }).where(eq(consultations.id, reopened));
    const response = await remove(patient.id, patient.name);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TDeletedPatient>().removed.consultations).toBe(2);
  });

  it('tells before any name is typed whether the record is kept and until when (GET .../retention)', async () => {
    const retention = async (patientId: string, headers = owner.headers) => {
      const response = await t.app.inject({ url: `/api/v1/user/patients/${patientId}/retention`, headers });
      return { status: response.statusCode, body: response.json<TPatientRetention>() };
    };
    const patient = await createTestPatient(t.app, owner.headers);
    await createTestConsultation(t.app, owner.headers, { patient_id: patient.id });
    expect(await retention(patient.id)).toEqual({ status: 200, body: { retained: null } });
    await concludedVisit(patient.id);
    const kept = await retention(patient.id);
    expect(kept.status).toBe(200);
    // The same answer the deletion gives, before the name is typed.
    expect(kept.body.retained).toEqual((await remove(patient.id, patient.name)).json<TPatientRetained>());
    expect(kept.body.retained?.retained_until).toBe(retainedUntil(new Date(), 20));
    expect((await retention(patient.id, stranger.headers)).status).toBe(404);
  });

  it('refuses a name that is not hers (422 naming confirm) and deletes nothing', async () => {
    const { patient, consultationIds } = await patientWithFiles(t.app, owner.headers);
    for (const confirm of [undefined, '', 'Outra Pessoa']) {
      const response = await remove(patient.id, confirm);
      expect(response.statusCode).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', 'confirm']]);
    }
    expect(await rowsLeft(t.app, patient.id, consultationIds)).toBe(5);
  });

  it('is 404 for another professional and 401 without a session', async () => {
    const { patient, consultationIds } = await patientWithFiles(t.app, owner.headers);
    const other = await remove(patient.id, patient.name, stranger.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Paciente não encontrado' });
    expect((await remove(patient.id, patient.name, {})).statusCode).toBe(401);
    expect(await rowsLeft(t.app, patient.id, consultationIds)).toBe(5);
  });
});
