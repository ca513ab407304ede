import type { TAccessLogPage } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { createTestConsultation, createTestPatient } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
type Headers = Record<string, string>;

const patientLog = (headers: Headers | undefined, patientId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/user/patients/${patientId}/access-log${query}`, headers });

const readPatient = (headers: Headers, patientId: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/user/patients/${patientId}`, headers });

describe('GET /api/v1/user/patients/{id}/access-log', () => {
  it('pages the accesses to the patient newest first, hers and an administrator’s, with name and role', async () => {
    const user = await createLoggedInUser(t.app, { name: 'Dra. Beatriz Lemos' });
    const admin = await createLoggedInAdmin(t.app, 'Adm. Carlos Nunes');
    const consultation = await createTestConsultation(t.app, user.headers);
    const patientId = consultation.patient.id;
    for (let read = 0; read < 3; read += 1) expect((await readPatient(user.headers, patientId)).statusCode).toBe(200);
    // The administration's list shows the consultation (metadata only): one row for each one listed.
    const listed = await adminRequest(t.app, admin.headers, 'GET', '/consultation/', { user_id: user.user.id });
    expect(listed.statusCode).toBe(200);

    const first = await patientLog(user.headers, patientId, '?page_size=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<TAccessLogPage>();
    expect(page).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(page.items[0]).toMatchObject({
      actor_user_id: admin.user.id,
      actor_name: 'Adm. Carlos Nunes',
      actor_role: 'admin',
      patient_id: patientId,
      consultation_id: consultation.id,
      record_kind: 'consultation',
      record_id: null,
      action: 'list',
    });
    expect(page.items[1]).toMatchObject({
      actor_name: 'Dra. Beatriz Lemos',
      actor_role: 'professional',
      record_kind: 'patient',
      action: 'read',
      ip: '127.0.0.1',
    });
    const last = (await patientLog(user.headers, patientId, '?page=3&page_size=2')).json<TAccessLogPage>();
    // The oldest: the consultation created with its new patient.
    expect(last.items.map((item) => [item.record_kind, item.action])).toEqual([['consultation', 'create']]);
    expect(new Date(page.items[0]!.created_at) >= new Date(last.items[0]!.created_at)).toBe(true);
  });

  it('answers 401 without a token, 404 for another professional’s patient, 422 naming a bad page', async () => {
    const user = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    const patient = await createTestPatient(t.app, user.headers);
    expect((await patientLog(undefined, patient.id)).statusCode).toBe(401);
    expect((await patientLog(other.headers, patient.id)).statusCode).toBe(404);
    expect((await patientLog(user.headers, randomUUID())).statusCode).toBe(404);
    const badPage = await patientLog(user.headers, patient.id, '?page=0');
    expect(badPage.statusCode).toBe(422);
    expect(errorLocs(badPage)).toEqual([['querystring', 'page']]);
    const badSize = await patientLog(user.headers, patient.id, '?page_size=101');
    expect(errorLocs(badSize)).toEqual([['querystring', 'page_size']]);
    expect(errorLocs(await patientLog(user.headers, 'nao-e-id'))).toEqual([['params', 'id']]);
  });
});

describe('GET /api/v1/admin/access-log', () => {
  it('filters by who accessed and by patient, for administrators only', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const [one, two] = [await createTestPatient(t.app, user.headers), await createTestPatient(t.app, user.headers)];
    await readPatient(user.headers, one.id);
    await readPatient(user.headers, two.id);

    const byUser = await adminRequest(t.app, admin.headers, 'GET', '/access-log', { user_id: user.user.id });
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json<TAccessLogPage>().items.map((item) => [item.patient_id, item.action])).toEqual([
      [two.id, 'read'],
      [one.id, 'read'],
      [two.id, 'create'],
      [one.id, 'create'],
    ]);
    const byPatient = await adminRequest(t.app, admin.headers, 'GET', '/access-log', {
      user_id: user.user.id,
      patient_id: one.id,
    });
    expect(byPatient.json<TAccessLogPage>()).toMatchObject({ total: 2 });
    expect(byPatient.json<TAccessLogPage>().items.every((item) => item.patient_id === one.id)).toBe(true);
  });

  it('answers 401 without a token, 403 to a professional, 422 naming a bad filter', async () => {
    const user = await createLoggedInUser(t.app);
    const admin = await createLoggedInAdmin(t.app);
    expect((await adminRequest(t.app, undefined, 'GET', '/access-log')).statusCode).toBe(401);
    expect((await adminRequest(t.app, user.headers, 'GET', '/access-log')).statusCode).toBe(403);
    const bad = await adminRequest(t.app, admin.headers, 'GET', '/access-log', { patient_id: 'x', page_size: '0' });
    expect(bad.statusCode).toBe(422);
    expect(errorLocs(bad).sort()).toEqual([
      ['querystring', 'page_size'],
      ['querystring', 'patient_id'],
    ]);
  });
});
