import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { createLoggedInUser, uniqueCpf, uniqueEmail } from '../../../test/factories';
import { MAX_LISTED_FIELD_ERRORS } from './error-handler';

const t = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  ({ headers } = await createLoggedInUser(t.app));
});

const signUp = () => ({
  name: 'Dr. Caio Lima',
  email: uniqueEmail(),
  cpf: uniqueCpf(),
  phone: '11987654321',
  password: 'uma senha longa o bastante',
});

function patchMe(payload: string, contentType: string) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/v1/user/me/',
    payload,
    headers: { ...headers, 'content-type': contentType },
  });
}

describe('bad input never reaches a 500', () => {
  it('answers 400 for malformed JSON', async () => {
    const response = await patchMe('{"name": ', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON malformado' });
  });

  it('answers 415 for a body of a type the route does not take', async () => {
    const response = await patchMe('name=Ana', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json<{ detail: string }>().detail).toContain('application/json');
  });

  it('refuses or validates odd Content-Type spellings exactly like the normal one', async () => {
    const invalid = JSON.stringify({ name: 'A' });
    for (const contentType of [
      'APPLICATION/JSON',
      'Application/Json; charset=UTF-8',
      'application/json ; charset=utf-8',
      ' application/json',
      '\tapplication/json',
    ]) {
      const response = await patchMe(invalid, contentType);
      expect(response.statusCode, contentType).toBe(422);
    }
    for (const contentType of [
      'application/json garbage',
      'application/json\tx',
      'application/jsonx',
      'text/plain',
      'application/json;',
      'json',
    ]) {
      const response = await patchMe(invalid, contentType);
      expect(response.statusCode, contentType).toBe(415);
    }
  });

  it('reads no body on a GET, whatever its Content-Type: the answer is the one without it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      payload: 'name=Ana',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await patchMe(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Corpo da requisição grande demais' });
  });

  it('answers 4xx for 10,000-deep JSON', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const response = await patchMe(`{"name": ${deep}}`, 'application/json');
    expect(response.statusCode).toBe(422);
    const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    expect((await patchMe(deepObject, 'application/json')).statusCode).toBe(422);
  });

  it('names the failing fields, and unknown fields are refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/',
      payload: { ...signUp(), cpf: '123', scopes: ['admin'], credits: 99 },
    });
    expect(response.statusCode).toBe(422);
    const detail = response.json<{ detail: { loc: string[]; msg: string; type: string }[] }>().detail;
    expect(detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'cpf'] }),
        expect.objectContaining({ loc: ['body', 'scopes'], type: 'extra_forbidden' }),
        expect.objectContaining({ loc: ['body', 'credits'], type: 'extra_forbidden' }),
      ]),
    );
  });

  it('refuses text with NUL characters or in unnormalised Unicode', async () => {
    const withNul = await patchMe(JSON.stringify({ name: 'Ana\u0000Souza' }), 'application/json');
    expect(withNul.statusCode).toBe(422);
    const decomposed = 'Jose\u0301 Conceic\u0327a\u0303o';
    const unnormalised = await patchMe(JSON.stringify({ name: decomposed }), 'application/json');
    expect(unnormalised.statusCode).toBe(422);
    expect(JSON.stringify(unnormalised.json())).toContain('NFC');
    const composed = await patchMe(JSON.stringify({ name: decomposed.normalize('NFC') }), 'application/json');
    expect(composed.statusCode).toBe(200);
  });

  it('answers a JSON 404 for an unknown API route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  });

  it('lists at most a few failing fields, however many the body holds', async () => {
    const body = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`campo${index}`, 1]));
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/token/verify-account', payload: body });
    expect(response.statusCode).toBe(422);
    const detail = response.json<{ detail: { loc: string[]; msg: string; type: string }[] }>().detail;
    expect(detail).toHaveLength(MAX_LISTED_FIELD_ERRORS + 1);
    expect(detail.at(-1)).toEqual({ loc: ['body'], msg: 'E mais 49981 erros não listados', type: 'too_many_errors' });
    expect(response.body.length).toBeLessThan(5_000);
  });

  it('reads integer ids in the path and the query as decimal digits only', async () => {
    const specialization = (id: string) => t.app.inject({ method: 'GET', url: `/api/v1/common/specializations/${id}` });
    const addSpecialization = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/user/me/specialization/?specialization=${id}`, headers });
    expect((await specialization('5')).statusCode).toBe(200);
    expect((await addSpecialization('5')).statusCode).toBe(201);
    for (const id of ['0x5', '5e0', '%205', '+5', '%2B5', '5%20']) {
      const path = await specialization(id);
      expect(path.statusCode, id).toBe(422);
      expect(path.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['params', 'id']);
      const query = await addSpecialization(id);
      expect(query.statusCode, id).toBe(422);
      expect(query.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['querystring', 'specialization']);
    }
  });

  it('answers 422 for a malformed id in the path', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/me/license/not-a-uuid', headers });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['params', 'id']);
  });
});
