import { SESSION_ENDED_CLOSE_CODE, type TAdminUserDetail, type TDeletedUser } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createTestConsultation, createTestPatient } from '../../../test/clinical-factories';
import { failNextFolderRemoval } from '../../../test/failing-storage';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { consultations, patients, users } from '../../db/schema/index';
import { consultationFolder } from '../../platform/storage/storage';
import { storeChunk, storeFileEvidence } from '../admin-consultations/consultation-records';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';

let t: TestApp;
let live: string;
beforeAll(async () => {
  t = await createTestApp();
  live = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
});
afterAll(() => t.close());

const deleteUser = (headers: Record<string, string>, id: string, confirm?: string) =>
  adminRequest(t.app, headers, 'DELETE', `/user/${id}`, confirm === undefined ? {} : { confirm });

const onDisk = (key: string) => existsSync(path.join(t.config.dataDir, 'files', key));

/** A professional with two patients, two consultations, an audio chunk and an evidence file. */
async function professionalWithRecords() {
  const user = await createLoggedInUser(t.app, { name: 'Dra. Beatriz Lemos' });
  const patient = await createTestPatient(t.app, user.headers);
  const first = await createTestConsultation(t.app, user.headers, { patient_id: patient.id });
  const second = await createTestConsultation(t.app, user.headers);
  const audio = await storeChunk(t.app, first.id, 0, { status: 'done', text: 'Bom dia.' });
  const evidence = await storeFileEvidence(t.app, second.id, { status: 'ready', text: 'Hemograma normal.' });
  return { ...user, consultationIds: [first.id, second.id], files: [audio, evidence.key] };
}

describe('DELETE /api/v1/admin/user/{id}', () => {
  it('says beforehand what goes, then deletes the account, its records and files, and keeps the audit trail', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await professionalWithRecords();
    const client = await LiveClient.connect(live, user.session);
    const detail = (await adminRequest(t.app, admin.headers, 'GET', `/user/${user.user.id}`)).json<TAdminUserDetail>();
    expect(detail.deletion_impact).toEqual({ patients: 2, consultations: 2, files: 2 });
    const eventsBefore = await auditRowsOf(t.app, user.user.id);
    expect(user.files.every(onDisk)).toBe(true);

    const response = await deleteUser(admin.headers, user.user.id, user.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TDeletedUser>()).toEqual({
      detail: 'A conta de Dra. Beatriz Lemos foi excluída.',
      removed: { patients: 2, consultations: 2, files: 2 },
    });

    expect(await client.next((message) => message.status_code === 401)).toMatchObject({ type: 'system' });
    expect(await client.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: user.headers })).statusCode).toBe(
      401,
    );
    expect(await t.app.db.select().from(users).where(eq(users.id, user.user.id))).toEqual([]);
    expect(await t.app.db.select().from(patients).where(eq(patients.userId, user.user.id))).toEqual([]);
    expect(await t.app.db.select().from(consultations).where(eq(consultations.userId, user.user.id))).toEqual([]);
    expect(user.files.some(onDisk)).toBe(false);
    for (const id of user.consultationIds) expect(onDisk(consultationFolder(id))).toBe(false);

    const eventsAfter = await auditRowsOf(t.app, user.user.id);
    expect(eventsAfter.slice(1).map((event) => event.id)).toEqual(eventsBefore.map((event) => event.id));
    expect(eventsAfter[0]).toMatchObject({
      action: 'admin.user.deleted',
      actorUserId: admin.user.id,
      subjectUserId: user.user.id,
      details: { patients: 2, consultations: 2, files: 2 },
    });
    expect((await adminRequest(t.app, admin.headers, 'GET', `/user/${user.user.id}`)).statusCode).toBe(404);
    const adminTrail = (
      await adminRequest(t.app, admin.headers, 'GET', `/user/${admin.user.id}`)
    ).json<TAdminUserDetail>();
    expect(adminTrail.audit[0]).toMatchObject({ action: 'admin.user.deleted', subject_user_id: user.user.id });
  });

  it('answers 200 when storage fails to remove some files, which a job removes later', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await professionalWithRecords();
    failNextFolderRemoval(t.app);

    const response = await deleteUser(admin.headers, user.user.id, user.email);
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.app.db.select().from(users).where(eq(users.id, user.user.id))).toEqual([]);
    await waitUntil(() => !user.files.some(onDisk), 'files removed by the job', 10_000);
  });

  it('refuses without the e-mail typed, or with another one (422), deleting nothing', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await professionalWithRecords();
    for (const confirm of [undefined, '', admin.email]) {
      const response = await deleteUser(admin.headers, user.user.id, confirm);
      expect(response.statusCode, String(confirm)).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', 'confirm']]);
    }
    expect(user.files.every(onDisk)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: user.headers })).statusCode).toBe(
      200,
    );
  });

  it('refuses to delete oneself (409)', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const response = await deleteUser(admin.headers, admin.user.id, admin.email);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Você não pode excluir a sua própria conta.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: admin.headers })).statusCode).toBe(
      200,
    );
  });
});
