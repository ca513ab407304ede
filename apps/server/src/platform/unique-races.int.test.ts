import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { describe, expect, it } from 'vitest';
import { licenses, patients, userSpecializations, users } from '../db/schema/index';
import { postUser, signUpBody, SIGN_UP_ANSWER } from '../../test/account-requests';
import { createLoggedInUser, createTestUser, uniqueCpf, uniqueEmail } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Creates that rely on a unique index, ten at once. PGlite runs them one by one; on PostgreSQL
// (TEST_DATABASE_URL) they race, and each loser must answer as the loser of the check would.
const t = useTestApp();
const AT_ONCE = 10;

const statuses = (answers: Response[]) => answers.map((answer) => answer.statusCode).sort();
const losers = (status: number): number[] => Array<number>(AT_ONCE - 1).fill(status);
const tenAtOnce = (send: (index: number) => Promise<Response>) =>
  Promise.all(Array.from({ length: AT_ONCE }, (_, index) => send(index)));

describe('ten creates of one unique value at once', () => {
  it('sign-ups with one e-mail: every one answers 202, one account results', async () => {
    const email = uniqueEmail('corrida');
    const answers = await tenAtOnce(() => postUser(t.app, signUpBody({ email })));
    expect(statuses(answers)).toEqual(Array<number>(AT_ONCE).fill(202));
    for (const answer of answers) expect(answer.json()).toEqual(SIGN_UP_ANSWER);
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('sign-ups with one CPF: every one answers 202, one account results', async () => {
    const cpf = uniqueCpf();
    const answers = await tenAtOnce(() => postUser(t.app, signUpBody({ cpf })));
    expect(statuses(answers)).toEqual(Array<number>(AT_ONCE).fill(202));
    expect(await t.app.db.select().from(users).where(eq(users.cpf, cpf))).toHaveLength(1);
  });

  it('sign-ups with the e-mail of a verified account answer 202 too, and add no account', async () => {
    const { email, user } = await createTestUser(t.app);
    const answers = await tenAtOnce(() => postUser(t.app, signUpBody({ email })));
    expect(statuses(answers)).toEqual(Array<number>(AT_ONCE).fill(202));
    const holders = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(holders.map((holder) => holder.id)).toEqual([user.id]);
  });

  it('patients with one CPF: one 201, the others 409, one patient', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const cpf = uniqueCpf();
    const answers = await tenAtOnce((index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/patients/',
        headers,
        payload: { name: `Paciente Corrida ${index}`, cpf },
      }),
    );
    expect(statuses(answers)).toEqual([201, ...losers(409)]);
    const rows = await t.app.db.select().from(patients).where(eq(patients.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('consultations for a new patient with one CPF: one 201, the others 409', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const cpf = uniqueCpf();
    const answers = await tenAtOnce((index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/consultations/',
        headers,
        payload: { patient: { name: `Paciente Corrida ${index}`, cpf } },
      }),
    );
    expect(statuses(answers)).toEqual([201, ...losers(409)]);
  });

  it('licenses with one registration: one 201, the others 409, one license', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const answers = await tenAtOnce(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/me/license/',
        headers,
        payload: { license_type_id: 1, number: '424242', state: 'SP' },
      }),
    );
    expect(statuses(answers)).toEqual([201, ...losers(409)]);
    expect(await t.app.db.select().from(licenses).where(eq(licenses.userId, user.id))).toHaveLength(1);
  });

  it('one specialization: one 201, the others 409, one row', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const answers = await tenAtOnce(() =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/me/specialization/?specialization=5', headers }),
    );
    expect(statuses(answers)).toEqual([201, ...losers(409)]);
    const rows = await t.app.db.select().from(userSpecializations).where(eq(userSpecializations.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
