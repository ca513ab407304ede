import {
  CONSULTATION_TRANSITIONS,
  ZConsultationStatus,
  type TConsultation,
  type TConsultationStatus,
} from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { consultations } from '../../db/schema/index';

const t = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  ({ headers } = await createLoggedInUser(t.app));
});

const STATUSES = ZConsultationStatus.options;

/** A consultation of the test's professional already in `status`. */
async function consultationIn(status: TConsultationStatus): Promise<TConsultation> {
  const consultation = await createTestConsultation(t.app, headers);
  await t.app.db.update(consultations).set({ status }).where(eq(consultations.id, consultation.id));
  return { ...consultation, status };
}

const setStatus = (id: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/user/consultations/${id}`, headers, payload: { status } });

describe('consultation status changes', () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs.filter(([from, to]) => CONSULTATION_TRANSITIONS[from].includes(to)))(
    'allow %s → %s',
    async (from, to) => {
      const consultation = await consultationIn(from);
      const response = await setStatus(consultation.id, to);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TConsultation>().status).toBe(to);
    },
  );

  it.each(pairs.filter(([from, to]) => !CONSULTATION_TRANSITIONS[from].includes(to)))(
    'refuse %s → %s with 409, keeping the status',
    async (from, to) => {
      const consultation = await consultationIn(from);
      const response = await setStatus(consultation.id, to);
      expect(response.statusCode).toBe(409);
      const [error] = fieldErrors(response);
      expect(error).toMatchObject({ loc: ['body', 'status'], type: 'invalid_transition' });
      expect(error!.msg).toMatch(/^Uma consulta em ".+" não pode passar para ".+"$/);
      const current = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/consultations/${consultation.id}`,
        headers,
      });
      expect(current.json<TConsultation>().status).toBe(from);
    },
  );

  it('accepts the current status again as a no-op, so a retried request succeeds', async () => {
    const consultation = await consultationIn('recording');
    const response = await setStatus(consultation.id, 'recording');
    expect(response.statusCode).toBe(200);
    expect(response.json<TConsultation>()).toEqual(consultation);
  });

  it('runs the whole life cycle and reopens a finished consultation', async () => {
    const consultation = await createTestConsultation(t.app, headers);
    for (const status of ['recording', 'processing', 'done', 'draft'] as const) {
      expect((await setStatus(consultation.id, status)).json<TConsultation>().status).toBe(status);
    }
  });

  it('refuses a status that does not exist', async () => {
    const consultation = await createTestConsultation(t.app, headers);
    const response = await setStatus(consultation.id, 'archived');
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)[0]!.loc).toEqual(['body', 'status']);
  });
});

describe('a concluded consultation', () => {
  const edits = [
    { method: 'PATCH', path: '', payload: { title: 'Retorno' } },
    { method: 'PATCH', path: '', payload: { chief_complaint: 'Tosse há 3 dias' } },
    { method: 'PUT', path: '/user-context', payload: { user_context: 'PA 120/80' } },
  ] as const;

  it.each(edits)('refuses $method $payload with 409 until reopened, keeping the record', async (edit) => {
    const consultation = await consultationIn('done');
    const url = `/api/v1/user/consultations/${consultation.id}${edit.path}`;
    const refused = await t.app.inject({ method: edit.method, url, headers, payload: edit.payload });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Consulta concluída: reabra-a para editar' });
    const stored = await t.app.inject({ method: 'GET', url: `/api/v1/user/consultations/${consultation.id}`, headers });
    expect(stored.json<TConsultation>()).toEqual(consultation);

    expect((await setStatus(consultation.id, 'draft')).statusCode).toBe(200);
    const accepted = await t.app.inject({ method: edit.method, url, headers, payload: edit.payload });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
