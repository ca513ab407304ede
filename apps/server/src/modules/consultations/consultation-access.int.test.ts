import type { TConsultation, TPatient } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { failNextFolderRemoval } from '../../../test/failing-storage';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import { consultations, patients, users } from '../../db/schema/index';
import { consultationFolder } from '../../platform/storage/storage';

const t = useTestApp();

const CONSULTATIONS = '/api/v1/user/consultations/';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every consultation route on consultation `id`, with a valid body where it takes one. */
function routes(id: string): [Method, string, object | undefined][] {
  return [
    ['GET', `${CONSULTATIONS}${id}`, undefined],
    ['PATCH', `${CONSULTATIONS}${id}`, { title: 'Alterado' }],
    ['PATCH', `${CONSULTATIONS}${id}`, { status: 'recording' }],
    ['PUT', `${CONSULTATIONS}${id}/user-context`, { user_context: 'Alterado' }],
    ['DELETE', `${CONSULTATIONS}${id}`, undefined],
  ];
}

function call(method: Method, url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const fileOf = (consultationId: string, name: string) => `${consultationFolder(consultationId)}/audio/${name}`;

describe('consultation routes without a session', () => {
  it('answer 401 and change nothing', async () => {
    const owner = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, owner.headers);
    const all: [Method, string, object | undefined][] = [
      ['GET', CONSULTATIONS, undefined],
      ['POST', CONSULTATIONS, { patient_id: consultation.patient.id }],
      ...routes(consultation.id),
    ];
    for (const [method, url, payload] of all) {
      const response = await call(method, url, { authorization: 'Bearer nao-e-um-token-valido' }, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const current = await call('GET', `${CONSULTATIONS}${consultation.id}`, owner.headers);
    expect(current.json()).toEqual(consultation);
  });
});

describe("another professional's consultations and patients", () => {
  it('answer 404 on every route, stay as they were, and never show in lists', async () => {
    const owner = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, owner.headers, { title: 'Do dono' });
    await t.app.storage.put(fileOf(consultation.id, '0001.webm'), Buffer.from('audio'));
    const stranger = await createLoggedInUser(t.app);
    for (const [method, url, payload] of [...routes(consultation.id), ...routes(randomUUID())]) {
      const response = await call(method, url, stranger.headers, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Consulta não encontrada' });
    }
    expect((await call('GET', `${CONSULTATIONS}${consultation.id}`, owner.headers)).json()).toEqual(consultation);
    expect(await t.app.storage.get(fileOf(consultation.id, '0001.webm'))).toEqual(Buffer.from('audio'));

    const foreignPatient = { patient_id: consultation.patient.id };
    const created = await call('POST', CONSULTATIONS, stranger.headers, foreignPatient);
    expect(created.statusCode).toBe(404);
    expect(created.json()).toEqual({ detail: 'Paciente não encontrado' });
    const filtered = await t.app.inject({
      method: 'GET',
      url: CONSULTATIONS,
      headers: stranger.headers,
      query: foreignPatient,
    });
    expect(filtered.statusCode).toBe(404);
    const listed = await t.app.inject({ method: 'GET', url: CONSULTATIONS, headers: stranger.headers });
    expect(listed.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('DELETE /user/consultations/{id}', () => {
  it('removes the consultation and its files, and nothing else', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const doomed = await createTestConsultation(t.app, headers);
    const sibling = await createTestConsultation(t.app, headers, { patient_id: doomed.patient.id });
    for (const consultation of [doomed, sibling]) {
      await t.app.storage.put(fileOf(consultation.id, '0001.webm'), Buffer.from(`audio ${consultation.id}`));
      await t.app.storage.put(`${consultationFolder(consultation.id)}/evidence/exame.pdf`, Buffer.from('%PDF-1.7'));
    }
    const folder = path.join(t.config.dataDir, 'files', consultationFolder(doomed.id));
    expect(existsSync(folder)).toBe(true);

    const response = await call('DELETE', `${CONSULTATIONS}${doomed.id}`, headers);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `${CONSULTATIONS}${doomed.id}`, headers)).statusCode).toBe(404);
    expect(existsSync(folder)).toBe(false);
    expect(await t.app.storage.get(fileOf(doomed.id, '0001.webm'))).toBeUndefined();

    expect((await call('GET', `${CONSULTATIONS}${sibling.id}`, headers)).json<TConsultation>()).toEqual(sibling);
    expect(await t.app.storage.get(fileOf(sibling.id, '0001.webm'))).toEqual(Buffer.from(`audio ${sibling.id}`));
    const patient = await call('GET', `/api/v1/user/patients/${doomed.patient.id}`, headers);
    expect(patient.json<TPatient>()).toMatchObject({ id: doomed.patient.id, archived: false });
    expect((await call('DELETE', `${CONSULTATIONS}${doomed.id}`, headers)).statusCode).toBe(404);
  });

  it('answers 204 when storage fails to remove the files, which a job removes later', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    await t.app.storage.put(fileOf(consultation.id, '0001.webm'), Buffer.from('audio'));
    const folder = path.join(t.config.dataDir, 'files', consultationFolder(consultation.id));
    failNextFolderRemoval(t.app);

    const response = await call('DELETE', `${CONSULTATIONS}${consultation.id}`, headers);
    expect(response.statusCode, response.body).toBe(204);
    expect((await call('GET', `${CONSULTATIONS}${consultation.id}`, headers)).statusCode).toBe(404);
    await waitUntil(() => !existsSync(folder), 'files removed by the job', 10_000);
  });

  it('works for a consultation that never had files', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    expect((await call('DELETE', `${CONSULTATIONS}${consultation.id}`, headers)).statusCode).toBe(204);
  });
});

describe('a professional removed from the system', () => {
  it('takes their patients and consultations along', async () => {
    const { user, headers } = await createLoggedInUser(t.app);
    await createTestConsultation(t.app, headers);
    await t.app.db.delete(users).where(eq(users.id, user.id));
    expect(await t.app.db.select().from(consultations).where(eq(consultations.userId, user.id))).toEqual([]);
    expect(await t.app.db.select().from(patients).where(eq(patients.userId, user.id))).toEqual([]);
  });
});
