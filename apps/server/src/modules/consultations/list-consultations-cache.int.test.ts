import type { TConsultationList, TConsultationListItem } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { silentWav } from '../../../test/speech';
import { confirmConsent, postChunk } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { createTestApp, useTestApp, type TestApp } from '../../../test/test-app';

// The list is served from a per-professional cache (platform/owner-response-cache): every write
// that changes what the list shows must be seen by the very next read.
const t = useTestApp();

type Headers = Record<string, string>;

async function listed(app: TestApp['app'], headers: Headers): Promise<TConsultationListItem[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/user/consultations/', headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<TConsultationList>().items;
}

async function send(headers: Headers, method: 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url: `/api/v1/user/${url}`, headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('GET /user/consultations/ after a change', () => {
  it('shows every change to a consultation or its patient in the next read', async () => {
    const { headers } = await createLoggedInUser(t.app);
    expect(await listed(t.app, headers)).toEqual([]);

    const consultation = await createTestConsultation(t.app, headers, { title: 'Retorno' });
    const [item] = await listed(t.app, headers);
    expect(item).toMatchObject({ id: consultation.id, title: 'Retorno', status: 'draft' });

    await send(headers, 'PATCH', `consultations/${consultation.id}`, { title: 'Primeira consulta' });
    expect((await listed(t.app, headers))[0]?.title).toBe('Primeira consulta');

    await send(headers, 'PATCH', `consultations/${consultation.id}`, { status: 'recording' });
    expect((await listed(t.app, headers))[0]?.status).toBe('recording');

    const before = (await listed(t.app, headers))[0]!.updated_at;
    // Stamped by the app's clock in ms: a change within the same ms would keep the same updated_at.
    await waitUntil(() => Date.now() > Date.parse(before), 'the clock past the last change');
    await send(headers, 'PUT', `consultations/${consultation.id}/user-context`, { user_context: 'Trouxe exames' });
    expect((await listed(t.app, headers))[0]?.updated_at).not.toBe(before);

    await send(headers, 'PATCH', `patients/${consultation.patient.id}`, { name: 'Joana Araújo' });
    expect((await listed(t.app, headers))[0]?.patient.name).toBe('Joana Araújo');

    await send(headers, 'PATCH', `patients/${consultation.patient.id}`, { archived: true });
    expect((await listed(t.app, headers))[0]?.patient.archived).toBe(true);

    await send(headers, 'DELETE', `consultations/${consultation.id}`);
    expect(await listed(t.app, headers)).toEqual([]);
  });

  it('shows the status recording moves: recording on the first chunk, draft on stop', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    await confirmConsent(t.app, headers, consultation.id);
    expect((await listed(t.app, headers))[0]?.status).toBe('draft');
    const chunk = await postChunk(t.app, headers, consultation.id, 0, await silentWav(1));
    expect(chunk.statusCode, chunk.body).toBe(202);
    expect((await listed(t.app, headers))[0]?.status).toBe('recording');
    await send(headers, 'DELETE', `consultations/${consultation.id}/evidences/transcript`);
    expect((await listed(t.app, headers))[0]?.status).toBe('draft');
  });

  it('never answers one professional with another’s page for the same query', async () => {
    const ana = await createLoggedInUser(t.app);
    const bia = await createLoggedInUser(t.app);
    const anas = await createTestConsultation(t.app, ana.headers);
    const bias = await createTestConsultation(t.app, bia.headers);
    expect((await listed(t.app, ana.headers)).map((item) => item.id)).toEqual([anas.id]);
    expect((await listed(t.app, bia.headers)).map((item) => item.id)).toEqual([bias.id]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'consultation list across instances',
  () => {
    it('shows a change made on one instance in the list another instance serves', async () => {
      const other = await createTestApp((config) => config, t);
      try {
        const { headers } = await createLoggedInUser(t.app);
        const consultation = await createTestConsultation(t.app, headers, { title: 'Antes' });
        expect((await listed(other.app, headers))[0]?.title).toBe('Antes');
        await send(headers, 'PATCH', `consultations/${consultation.id}`, { title: 'Depois' });
        // The other instance hears of the change through Redis, a moment after the write answers.
        await expect.poll(async () => (await listed(other.app, headers))[0]?.title, { timeout: 2000 }).toBe('Depois');
      } finally {
        await other.close();
      }
    });
  },
);
