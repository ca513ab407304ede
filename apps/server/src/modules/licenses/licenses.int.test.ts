import type { TLicense, TLicenseBody } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const LICENSES = '/api/v1/user/me/license/';
type Headers = Record<string, string>;

let registration = 10_000;
function licenseBody(overrides: Partial<TLicenseBody> = {}): TLicenseBody {
  registration += 1;
  return { license_type_id: 1, number: String(registration), state: 'SP', ...overrides };
}

async function addLicense(headers: Headers, body: TLicenseBody = licenseBody()): Promise<TLicense> {
  const response = await t.app.inject({ method: 'POST', url: LICENSES, headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TLicense>();
}

async function listLicenses(headers: Headers): Promise<TLicense[]> {
  const response = await t.app.inject({ method: 'GET', url: LICENSES, headers });
  expect(response.statusCode).toBe(200);
  return response.json<TLicense[]>();
}

const makePrimary = (headers: Headers, id: string) =>
  t.app.inject({ method: 'PATCH', url: `${LICENSES}${id}/primary`, headers });
const remove = (headers: Headers, id: string) => t.app.inject({ method: 'DELETE', url: `${LICENSES}${id}`, headers });

/** The ids of the primary licenses: exactly one whenever there is any license. */
async function primaries(headers: Headers): Promise<string[]> {
  return (await listLicenses(headers)).filter((license) => license.is_primary).map((license) => license.id);
}

describe('GET and POST /api/v1/user/me/license/', () => {
  it('starts empty; the first license added is the primary, later ones are not', async () => {
    const { headers } = await createLoggedInUser(t.app);
    expect(await listLicenses(headers)).toEqual([]);

    const first = await addLicense(headers, { license_type_id: 1, number: ' 123456 ', state: 'SP' });
    expect(first).toEqual({
      id: expect.any(String) as string,
      license_type_id: 1,
      license_type_code: 'CRM',
      number: '123456',
      state: 'SP',
      rqe: null,
      is_primary: true,
      created_at: expect.any(String) as string,
    });
    const second = await addLicense(headers, { license_type_id: 2, number: '98.765-RJ', state: 'RJ' });
    expect(second).toMatchObject({ license_type_code: 'CRO', is_primary: false });
    expect((await listLicenses(headers)).map((license) => license.id)).toEqual([first.id, second.id]);
  });

  it('answers 409 for a registration the user already has, keeping one copy', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const body = licenseBody();
    await addLicense(headers, body);
    const response = await t.app.inject({
      method: 'POST',
      url: LICENSES,
      headers,
      payload: { ...body, number: ` ${body.number}` },
    });
    expect(response.statusCode).toBe(409);
    expect(fieldErrors(response)).toEqual([expect.objectContaining({ loc: ['body', 'number'], type: 'unique' })]);
    expect(await listLicenses(headers)).toHaveLength(1);
    // The same number in another state or council is another registration.
    await addLicense(headers, { ...body, state: 'MG' });
    await addLicense(headers, { ...body, license_type_id: 3 });
  });

  it('keeps exactly one primary when several licenses are added at once', async () => {
    const { headers } = await createLoggedInUser(t.app);
    await Promise.all(Array.from({ length: 6 }, () => addLicense(headers)));
    expect(await listLicenses(headers)).toHaveLength(6);
    expect(await primaries(headers)).toHaveLength(1);
  });
});

describe('PATCH /api/v1/user/me/license/{id}/primary', () => {
  it('moves the primary mark, keeping exactly one', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const first = await addLicense(headers);
    const second = await addLicense(headers);
    const response = await makePrimary(headers, second.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<TLicense>()).toMatchObject({ id: second.id, is_primary: true });
    expect(await primaries(headers)).toEqual([second.id]);
    expect((await listLicenses(headers))[0]!.id).toBe(second.id);

    // Making the primary primary again changes nothing.
    expect((await makePrimary(headers, second.id)).statusCode).toBe(200);
    expect(await primaries(headers)).toEqual([second.id]);
    expect((await makePrimary(headers, first.id)).statusCode).toBe(200);
    expect(await primaries(headers)).toEqual([first.id]);
  });

  it('keeps exactly one primary under simultaneous changes', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const licenses = [];
    for (let index = 0; index < 5; index++) licenses.push(await addLicense(headers));
    const answers = await Promise.all(licenses.map((license) => makePrimary(headers, license.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await primaries(headers)).toHaveLength(1);
  });
});

describe('PUT /api/v1/user/me/license/{id}', () => {
  it('changes the registration and keeps its primary mark', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const license = await addLicense(headers);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${LICENSES}${license.id}`,
      headers,
      payload: { license_type_id: 4, number: '06/12345', state: 'RS' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TLicense>()).toEqual({
      ...license,
      license_type_id: 4,
      license_type_code: 'CRP',
      number: '06/12345',
      state: 'RS',
    });
    expect(await listLicenses(headers)).toEqual([response.json()]);
  });

  it('sets, changes and clears the RQE; a body without it clears it', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const license = await addLicense(headers, licenseBody({ rqe: ' 45678 ' }));
    expect(license.rqe).toBe('45678');
    const put = (body: TLicenseBody) =>
      t.app.inject({ method: 'PUT', url: `${LICENSES}${license.id}`, headers, payload: body });
    const { license_type_id, number, state } = license;

    expect((await put({ license_type_id, number, state, rqe: '45679' })).json<TLicense>().rqe).toBe('45679');
    expect((await put({ license_type_id, number, state, rqe: null })).json<TLicense>().rqe).toBeNull();
    await put({ license_type_id, number, state, rqe: '45679' });
    expect((await put({ license_type_id, number, state })).json<TLicense>().rqe).toBeNull();
    expect(await listLicenses(headers)).toEqual([{ ...license, rqe: null }]);
  });

  it('answers 409 when the change would duplicate another registration, changing nothing', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const first = await addLicense(headers);
    const second = await addLicense(headers);
    const { id: _id, license_type_code: _code, is_primary: _primary, created_at: _created, ...firstBody } = first;
    const response = await t.app.inject({ method: 'PUT', url: `${LICENSES}${second.id}`, headers, payload: firstBody });
    expect(response.statusCode).toBe(409);
    expect(fieldErrors(response)[0]!.loc).toEqual(['body', 'number']);
    expect(await listLicenses(headers)).toEqual([first, second]);
  });
});

describe('DELETE /api/v1/user/me/license/{id}', () => {
  it('removes a license; deleting the primary makes the oldest remaining one primary', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const first = await addLicense(headers);
    const second = await addLicense(headers);
    const third = await addLicense(headers);
    expect((await makePrimary(headers, third.id)).statusCode).toBe(200);

    const response = await remove(headers, third.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await primaries(headers)).toEqual([first.id]);

    expect((await remove(headers, second.id)).statusCode).toBe(204);
    expect(await primaries(headers)).toEqual([first.id]);
    expect((await remove(headers, first.id)).statusCode).toBe(204);
    expect(await listLicenses(headers)).toEqual([]);
    expect((await remove(headers, first.id)).statusCode).toBe(404);

    // After deleting everything, the next license added is primary again.
    expect((await addLicense(headers)).is_primary).toBe(true);
  });

  it('keeps exactly one primary when the primary is deleted while another is made primary', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const first = await addLicense(headers);
    const second = await addLicense(headers);
    const third = await addLicense(headers);
    await Promise.all([remove(headers, first.id), makePrimary(headers, third.id)]);
    const remaining = await listLicenses(headers);
    expect(remaining.map((license) => license.id).sort()).toEqual([second.id, third.id].sort());
    expect(await primaries(headers)).toHaveLength(1);
  });
});
