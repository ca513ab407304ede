import type { TConsultation, TCreditBalance, TEvidence, TPatient } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { errorLocs, formatCpf } from '../../../test/account-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { createTestConsultation, uniqueWord } from '../../../test/clinical-factories';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { consultationUrl, multipartChunk } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { consultations, evidences, idempotencyKeys, patients } from '../../db/schema';

const t = useTestApp();

type Headers = Record<string, string>;
const PATIENTS = '/api/v1/user/patients/';

const withKey = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });
const postPatient = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: PATIENTS, headers, payload });
// The same multipart body each time: its length stands for it in the key's fingerprint.
const NOTES_UPLOAD = multipartChunk(Buffer.from('Anotações da consulta'), 'notas.txt', 'text/plain');
const uploadNotes = (headers: Headers, consultationId: string, payload: Buffer | PassThrough = NOTES_UPLOAD.payload) =>
  t.app.inject({
    method: 'POST',
    url: consultationUrl(consultationId, '/evidences/add-evidence'),
    headers: { ...headers, ...NOTES_UPLOAD.headers, 'content-length': String(NOTES_UPLOAD.payload.length) },
    payload,
  });
const patientsNamed = (name: string) => t.app.db.select().from(patients).where(eq(patients.name, name));

describe('Idempotency-Key on the routes that create', () => {
  it('answers a repeat with the first answer and creates one patient (a double click, with a CPF)', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const body = { name: `Maria ${uniqueWord()}`, cpf: formatCpf(uniqueCpf()) };
    const key = randomUUID();
    const first = await postPatient(withKey(headers, key), body);
    const repeat = await postPatient(withKey(headers, key), body);
    expect(first.statusCode, first.body).toBe(201);
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['content-type']).toBe(first.headers['content-type']);
    expect(await patientsNamed(body.name)).toHaveLength(1);
  });

  it('makes two identical requests sent together wait for one another: one patient, the same answer twice', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const body = { name: `João ${uniqueWord()}` };
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => postPatient(withKey(headers, key), body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = answers.map((answer) => answer.json<TPatient>().id);
    expect(new Set(ids).size).toBe(1);
    expect(await patientsNamed(body.name)).toHaveLength(1);
  });

  it('makes a repeat wait while the first upload is still arriving, then answers it the first upload', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const key = randomUUID();
    const arriving = new PassThrough();
    arriving.write(NOTES_UPLOAD.payload.subarray(0, 40));
    const first = uploadNotes(withKey(headers, key), consultation.id, arriving);
    const isThisKey = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    await waitUntil(async () => (await t.app.db.select().from(idempotencyKeys).where(isThisKey)).length, 'claim');
    const subscribe = vi.spyOn(t.app.pubsub, 'subscribe');
    const repeat = uploadNotes(withKey(headers, key), consultation.id);
    await waitUntil(() => subscribe.mock.calls.length, 'repeat waiting');
    subscribe.mockRestore();
    arriving.end(NOTES_UPLOAD.payload.subarray(40));
    const [firstAnswer, repeatAnswer] = await Promise.all([first, repeat]);
    expect(firstAnswer.statusCode, firstAnswer.body).toBe(201);
    expect(repeatAnswer.json()).toEqual(firstAnswer.json());
    const files = await t.app.db.select().from(evidences).where(eq(evidences.consultationId, consultation.id));
    expect(files.filter((file) => file.kind === 'file')).toHaveLength(1);
  });

  it('keeps each user’s keys apart: another professional’s same key creates her own patient', async () => {
    const ana = await createLoggedInUser(t.app);
    const bia = await createLoggedInUser(t.app);
    const body = { name: `Clara ${uniqueWord()}` };
    const key = randomUUID();
    const forAna = await postPatient(withKey(ana.headers, key), body);
    const forBia = await postPatient(withKey(bia.headers, key), body);
    expect(forBia.statusCode, forBia.body).toBe(201);
    expect(forBia.json<TPatient>().id).not.toBe(forAna.json<TPatient>().id);
    const rows = await patientsNamed(body.name);
    expect(rows.map((row) => row.userId).sort()).toEqual([ana.user.id, bia.user.id].sort());
  });

  it('refuses the same key with another body, naming the header (draft-ietf-httpapi-idempotency-key-header)', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const key = randomUUID();
    const name = `Pedro ${uniqueWord()}`;
    await postPatient(withKey(headers, key), { name });
    const other = await postPatient(withKey(headers, key), { name: `${name} Filho` });
    expect(other.statusCode, other.body).toBe(422);
    expect(errorLocs(other)).toEqual([['headers', 'idempotency-key']]);
    expect(await patientsNamed(`${name} Filho`)).toHaveLength(0);
  });

  it('refuses a key too long or with other characters, naming the header; a quoted key is the same key', async () => {
    const { headers } = await createLoggedInUser(t.app);
    for (const key of ['x'.repeat(256), 'duas palavras', 'ação', '"aberta']) {
      const response = await postPatient(withKey(headers, key), { name: `Rui ${uniqueWord()}` });
      expect(response.statusCode, key).toBe(422);
      expect(errorLocs(response)).toEqual([['headers', 'idempotency-key']]);
    }
    const key = randomUUID();
    const body = { name: `Rui ${uniqueWord()}` };
    const bare = await postPatient(withKey(headers, key), body);
    const quoted = await postPatient(withKey(headers, `"${key}"`), body);
    expect(quoted.json()).toEqual(bare.json());
    expect(await patientsNamed(body.name)).toHaveLength(1);
  });

  it('keeps no error: after a 409 the corrected request with the same key is created, then repeated', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const takenCpf = formatCpf(uniqueCpf());
    await postPatient(headers, { name: `Ana ${uniqueWord()}`, cpf: takenCpf });
    const key = randomUUID();
    const name = `Lia ${uniqueWord()}`;
    const taken = await postPatient(withKey(headers, key), { name, cpf: takenCpf });
    expect(taken.statusCode, taken.body).toBe(409);
    const corrected = { name, cpf: formatCpf(uniqueCpf()) };
    const created = await postPatient(withKey(headers, key), corrected);
    expect(created.statusCode, created.body).toBe(201);
    const repeat = await postPatient(withKey(headers, key), corrected);
    expect(repeat.json()).toEqual(created.json());
    expect(await patientsNamed(name)).toHaveLength(1);
  });

  it('forgets a key after 24 hours: the same request then creates again, and the old row is purged', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const key = randomUUID();
    const body = { name: `Eva ${uniqueWord()}` };
    await postPatient(withKey(headers, key), body);
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 1000);
    const isThisKey = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    await t.app.db.update(idempotencyKeys).set({ createdAt: dayAgo }).where(isThisKey);
    const again = await postPatient(withKey(headers, key), body);
    expect(again.statusCode).toBe(201);
    expect(await patientsNamed(body.name)).toHaveLength(2);
    const [row] = await t.app.db.select().from(idempotencyKeys).where(isThisKey);
    expect(row!.createdAt.getTime()).toBeGreaterThan(dayAgo.getTime());
  });

  it('answers 401 without a token, before looking at the key', async () => {
    const response = await postPatient({ 'idempotency-key': randomUUID() }, { name: 'Sem sessão' });
    expect(response.statusCode).toBe(401);
  });

  it('creates one consultation, one template and one evidence upload per key', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultationBody = { patient: { name: `Davi ${uniqueWord()}` } };
    const consultationKey = randomUUID();
    const [first, repeat] = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/user/consultations/',
          headers: withKey(headers, consultationKey),
          payload: consultationBody,
        }),
      ),
    );
    expect(first!.statusCode, first!.body).toBe(201);
    expect(repeat!.json()).toEqual(first!.json());
    const consultation = first!.json<TConsultation>();
    const ofPatient = await t.app.db
      .select()
      .from(consultations)
      .where(eq(consultations.patientId, consultation.patient.id));
    expect(ofPatient).toHaveLength(1);

    const templateKey = randomUUID();
    const template = {
      name: `Modelo ${uniqueWord()}`,
      specialization_id: 5,
      fields: [{ id: 'queixa', title: 'Queixa', instructions: 'Nas palavras do paciente.', kind: 'short' }],
    };
    const postTemplate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/templates/anamnesis/',
        headers: withKey(headers, templateKey),
        payload: template,
      });
    const firstTemplate = await postTemplate();
    expect(firstTemplate.statusCode, firstTemplate.body).toBe(201);
    expect((await postTemplate()).json()).toEqual(firstTemplate.json());

    const uploadKey = randomUUID();
    const upload = () => uploadNotes(withKey(headers, uploadKey), consultation.id);
    const firstUpload = await upload();
    expect(firstUpload.statusCode, firstUpload.body).toBe(201);
    expect((await upload()).json<TEvidence>().id).toBe(firstUpload.json<TEvidence>().id);
    const files = await t.app.db.select().from(evidences).where(eq(evidences.consultationId, consultation.id));
    expect(files.filter((file) => file.kind === 'file')).toHaveLength(1);

    const templates = await t.app.inject({ method: 'GET', url: '/api/v1/user/templates/anamnesis/', headers });
    expect(templates.json<{ name: string }[]>().filter((row) => row.name === template.name)).toHaveLength(1);
  });

  it('grants a bonus once per key', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const { user } = await createLoggedInUser(t.app);
    const key = randomUUID();
    const grant = () =>
      adminRequest(t.app, withKey(admin.headers, key), 'POST', `/user/${user.id}/add-bonus-credit`, {
        amount: '5',
        reason: 'Cortesia',
      });
    const first = await grant();
    expect(first.statusCode, first.body).toBe(200);
    expect((await grant()).json<TCreditBalance>()).toEqual(first.json<TCreditBalance>());
    const again = await adminRequest(t.app, admin.headers, 'POST', `/user/${user.id}/add-bonus-credit`, {
      amount: '1',
      reason: 'Outra cortesia',
    });
    expect(again.json<TCreditBalance>().credits).toBe(first.json<TCreditBalance>().credits + 1);
  });

  it('documents the header on the routes that create', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    const headerOf = (path: string, method = 'post') =>
      document.paths[path]![method]!.parameters?.find((parameter) => parameter.in === 'header')?.name;
    for (const path of [
      '/api/v1/user/patients/',
      '/api/v1/user/consultations/',
      '/api/v1/user/templates/anamnesis/',
      '/api/v1/user/consultations/{id}/evidences/add-evidence',
      '/api/v1/user/consultations/{id}/anamnesis/{type}',
      '/api/v1/admin/user/{id}/add-bonus-credit',
    ]) {
      expect(headerOf(path), path).toBe('idempotency-key');
    }
    expect(headerOf('/api/v1/user/patients/{id}', 'patch')).toBeUndefined();
  });
});
