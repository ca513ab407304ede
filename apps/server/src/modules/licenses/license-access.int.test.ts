import type { TLicense, TLicenseBody } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorLocs, fieldErrors, logOut } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { auditEvents } from '../../db/schema/index';

const t = useTestApp();

const LICENSES = '/api/v1/user/me/license/';
type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

const validBody: TLicenseBody = { license_type_id: 1, number: '52001', state: 'BA' };

async function addLicense(headers: Headers, body: TLicenseBody = validBody): Promise<TLicense> {
  const response = await t.app.inject({ method: 'POST', url: LICENSES, headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TLicense>();
}

const list = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: LICENSES, headers })).json<TLicense[]>();

/** Every license route on license `id`, with a valid body where it takes one. */
function routes(id: string): [Method, string, TLicenseBody | undefined][] {
  return [
    ['GET', LICENSES, undefined],
    ['POST', LICENSES, validBody],
    ['PUT', `${LICENSES}${id}`, { ...validBody, number: '52002' }],
    ['PATCH', `${LICENSES}${id}/primary`, undefined],
    ['DELETE', `${LICENSES}${id}`, undefined],
  ];
}

function call(method: Method, url: string, headers: Headers, payload?: unknown) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe('license routes refuse callers without a valid session', () => {
  it('answers 401 without a token and with the token of a session that logged out', async () => {
    const owner = await createLoggedInUser(t.app);
    const license = await addLicense(owner.headers);
    const loggedOut = await createLoggedInUser(t.app);
    await logOut(t.app, loggedOut.headers);
    for (const [method, url, payload] of routes(license.id)) {
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, loggedOut.headers, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await list(owner.headers)).toEqual([license]);
  });
});

describe("another user's licenses", () => {
  it('are not listed, and answer 404 to change, delete or make primary, staying as they were', async () => {
    const owner = await createLoggedInUser(t.app);
    const intruder = await createLoggedInUser(t.app);
    const theirs = await addLicense(owner.headers);
    const mine = await addLicense(intruder.headers, { ...validBody, number: '77001' });
    const auditBefore = (await t.app.db.select({ id: auditEvents.id }).from(auditEvents)).length;

    expect(await list(intruder.headers)).toEqual([mine]);
    for (const [method, url, payload] of routes(theirs.id).slice(2)) {
      const response = await call(method, url, intruder.headers, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Registro profissional não encontrado' });
    }
    expect(await list(owner.headers)).toEqual([theirs]);
    expect(await list(intruder.headers)).toEqual([mine]);
    expect((await t.app.db.select({ id: auditEvents.id }).from(auditEvents)).length).toBe(auditBefore);
  });

  it('answer 404 for an id that does not exist and 422 for one that is not a UUID', async () => {
    const { headers } = await createLoggedInUser(t.app);
    for (const [method, url, payload] of routes(randomUUID()).slice(2)) {
      expect((await call(method, url, headers, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const badId of ['123', 'not-a-uuid', `${randomUUID()}x`, "1' or '1'='1"]) {
      for (const [method, url, payload] of routes(encodeURIComponent(badId)).slice(2)) {
        const response = await call(method, url, headers, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(422);
        expect(errorLocs(response)).toEqual([['params', 'id']]);
      }
    }
  });
});

describe('license bodies are validated', () => {
  const cases: [string, unknown, (string | number)[], string?][] = [
    ['a missing body', undefined, ['body']],
    ['missing fields', {}, ['body', 'license_type_id']],
    ['an unknown council', { ...validBody, license_type_id: 999 }, ['body', 'license_type_id'], 'value_error'],
    ['a huge council id', { ...validBody, license_type_id: 2 ** 40 }, ['body', 'license_type_id']],
    ['council id zero', { ...validBody, license_type_id: 0 }, ['body', 'license_type_id']],
    ['a fractional council id', { ...validBody, license_type_id: 1.5 }, ['body', 'license_type_id']],
    ['a council id as text', { ...validBody, license_type_id: '1' }, ['body', 'license_type_id']],
    ['an empty number', { ...validBody, number: '   ' }, ['body', 'number']],
    ['a long number', { ...validBody, number: '1'.repeat(21) }, ['body', 'number']],
    ['a number with spaces', { ...validBody, number: '12 34' }, ['body', 'number']],
    ['a number with NUL', { ...validBody, number: '12\u000034' }, ['body', 'number']],
    ['a number with accents', { ...validBody, number: 'nº1234' }, ['body', 'number']],
    ['an empty RQE', { ...validBody, rqe: '  ' }, ['body', 'rqe']],
    ['an RQE with spaces', { ...validBody, rqe: '45 678' }, ['body', 'rqe']],
    ['an RQE as a number', { ...validBody, rqe: 45678 }, ['body', 'rqe']],
    ['an unknown state', { ...validBody, state: 'XX' }, ['body', 'state']],
    ['a lower-case state', { ...validBody, state: 'sp' }, ['body', 'state']],
    ['the primary mark', { ...validBody, is_primary: true }, ['body', 'is_primary'], 'extra_forbidden'],
    ['another owner', { ...validBody, user_id: randomUUID() }, ['body', 'user_id'], 'extra_forbidden'],
  ];

  it.each(cases)('refuses %s with 422 on POST and PUT, writing nothing', async (_name, payload, loc, type) => {
    const { headers } = await createLoggedInUser(t.app);
    const existing = await addLicense(headers, { ...validBody, number: '88001' });
    for (const [method, url] of [
      ['POST', LICENSES],
      ['PUT', `${LICENSES}${existing.id}`],
    ] as const) {
      const response = await call(method, url, headers, payload);
      expect(response.statusCode, `${method} ${response.body}`).toBe(422);
      expect(fieldErrors(response), method).toContainEqual(expect.objectContaining({ loc, ...(type ? { type } : {}) }));
    }
    expect(await list(headers)).toEqual([existing]);
  });
});
