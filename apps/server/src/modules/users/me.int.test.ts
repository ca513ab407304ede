import { DEFAULT_PREFERENCES, type TPreferences, type TUser } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { errorLocs, fieldErrors, logOut } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const ME = '/api/v1/user/me/';
const PREFERENCES = '/api/v1/user/me/me/preferences/';

const ADDRESS = {
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'Sala 12',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

function call(method: 'GET' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const BAD_AUTHORIZATIONS: Record<string, string>[] = [
  {},
  { authorization: 'Basic abc' },
  { authorization: 'Bearer ' },
  { authorization: 'Bearer nao-existe' },
];

describe('authentication of the profile routes', () => {
  const routes: ['GET' | 'PATCH', string, unknown][] = [
    ['GET', ME, undefined],
    ['PATCH', ME, { name: 'Nome Novo' }],
    ['GET', PREFERENCES, undefined],
    ['PATCH', PREFERENCES, { theme: 'dark' }],
  ];

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const [method, url, payload] of routes) {
      for (const headers of BAD_AUTHORIZATIONS) {
        const response = await call(method, url, headers, payload);
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(response.json()).toEqual({ detail: expect.any(String) as string });
      }
    }
  });

  it('answers 401 with the token of a session that logged out, and changes nothing', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    await logOut(t.app, headers);
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, headers, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const { name } = (await t.app.db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, user.id) }))!;
    expect(name).toBe(user.name);
  });
});

describe('GET and PATCH /api/v1/user/me/', () => {
  it('answers my own data, never the password hash', async () => {
    const { headers, user, email } = await createLoggedInUser(t.app);
    const response = await call('GET', ME, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json<TUser>()).toEqual({
      id: user.id,
      name: user.name,
      email,
      cpf: user.cpf,
      phone: '11987654321',
      birth_date: null,
      address: null,
      practice: null,
      status: 'active',
      scopes: ['user'],
      credits: 0,
      email_verified: true,
      created_at: user.createdAt.toISOString(),
    });
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('changes my name, phone, birth date and address, and the change is seen at once', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    const changes = {
      name: '  Dra. Helena Prado Lima  ',
      phone: '+55 (21) 3456-7890',
      birth_date: '1985-04-23',
      address: ADDRESS,
    };
    // Read first: the answer is then written once for the session's cached row, which the change must replace.
    const before = await call('GET', ME, headers);
    expect(before.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(before.json<TUser>()).toMatchObject({ phone: '11987654321', address: null });
    const response = await call('PATCH', ME, headers, changes);
    expect(response.statusCode).toBe(200);
    const expected = {
      name: 'Dra. Helena Prado Lima',
      phone: '2134567890',
      birth_date: '1985-04-23',
      address: { ...ADDRESS, cep: '01310100' },
    };
    expect(response.json<TUser>()).toMatchObject(expected);
    expect((await call('GET', ME, headers)).json<TUser>()).toMatchObject(expected);
    // Someone else's data stays as it was.
    expect((await call('GET', ME, other.headers)).json<TUser>()).toMatchObject({
      name: other.user.name,
      address: null,
    });

    const cleared = await call('PATCH', ME, headers, { birth_date: null, address: null });
    expect(cleared.json<TUser>()).toMatchObject({ name: expected.name, birth_date: null, address: null });
  });

  it('keeps the "Local de atendimento" (name, address and phone) apart from my own address, and clears it', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const practice = { name: '  Clínica Bem Viver  ', address: ADDRESS, phone: '(11) 3456-7890' };
    const response = await call('PATCH', ME, headers, { practice });
    expect(response.statusCode).toBe(200);
    const expected = { name: 'Clínica Bem Viver', address: { ...ADDRESS, cep: '01310100' }, phone: '1134567890' };
    expect(response.json<TUser>()).toMatchObject({ practice: expected, address: null, phone: user.phone });
    expect((await call('GET', ME, headers)).json<TUser>().practice).toEqual(expected);

    const cases: [unknown, (string | number)[]][] = [
      [{ practice: { ...practice, name: '' } }, ['body', 'practice', 'name']],
      [{ practice: { ...practice, phone: '3456' } }, ['body', 'practice', 'phone']],
      [{ practice: { ...practice, address: { ...ADDRESS, cep: '0131' } } }, ['body', 'practice', 'address', 'cep']],
      [{ practice: { name: 'Clínica', phone: '1134567890' } }, ['body', 'practice', 'address']],
      [{ practice: { ...practice, site: 'x' } }, ['body', 'practice', 'site']],
    ];
    for (const [payload, loc] of cases) {
      const refused = await call('PATCH', ME, headers, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(refused), JSON.stringify(payload)).toContainEqual(loc);
    }
    expect((await call('GET', ME, headers)).json<TUser>().practice).toEqual(expected);
    expect((await call('PATCH', ME, headers, { practice: null })).json<TUser>().practice).toBeNull();
  });

  it('refuses e-mail, CPF, scopes, status, credits and password as unknown fields, changing nothing', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const attempt = {
      name: 'Nome Trocado',
      email: 'outro@clinica.test',
      cpf: '529.982.247-25',
      scopes: ['user', 'admin'],
      status: 'active',
      credits: 500,
      password: 'senha nova bem longa',
    };
    const response = await call('PATCH', ME, headers, attempt);
    expect(response.statusCode).toBe(422);
    const errors = fieldErrors(response);
    for (const field of ['email', 'cpf', 'scopes', 'status', 'credits', 'password']) {
      expect(errors).toContainEqual(expect.objectContaining({ loc: ['body', field], type: 'extra_forbidden' }));
    }
    expect((await call('GET', ME, headers)).json<TUser>()).toMatchObject({
      name: user.name,
      scopes: ['user'],
      credits: 0,
    });
  });

  it('refuses bad values with 422 naming the field', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const cases: [unknown, (string | number)[]][] = [
      [{}, ['body']],
      [{ name: 'A' }, ['body', 'name']],
      [{ name: 'Ana\u0000Lima' }, ['body', 'name']],
      [{ name: 'Jose\u0301 Lima' }, ['body', 'name']],
      [{ phone: '123' }, ['body', 'phone']],
      [{ birth_date: '1985-02-30' }, ['body', 'birth_date']],
      [{ birth_date: '23/04/1985' }, ['body', 'birth_date']],
      [{ birth_date: '1899-12-31' }, ['body', 'birth_date']],
      [{ birth_date: '2999-01-01' }, ['body', 'birth_date']],
      [{ address: { ...ADDRESS, cep: '0131' } }, ['body', 'address', 'cep']],
      [{ address: { ...ADDRESS, state: 'XX' } }, ['body', 'address', 'state']],
      [{ address: { ...ADDRESS, street: 'Rua\u0000Um' } }, ['body', 'address', 'street']],
      [{ address: { ...ADDRESS, city: 'Sa\u0303o Paulo' } }, ['body', 'address', 'city']],
      [{ address: { ...ADDRESS, lat: 1 } }, ['body', 'address', 'lat']],
      [{ address: { cep: '01310100' } }, ['body', 'address', 'street']],
    ];
    for (const [payload, loc] of cases) {
      const response = await call('PATCH', ME, headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(response), JSON.stringify(payload)).toContainEqual(loc);
    }
    expect((await call('GET', ME, headers)).json<TUser>()).toMatchObject({ birth_date: null, address: null });
  });
});

describe('GET and PATCH /api/v1/user/me/me/preferences/', () => {
  it('starts from the defaults and merges each change into the earlier ones', async () => {
    const { headers } = await createLoggedInUser(t.app);
    expect((await call('GET', PREFERENCES, headers)).json()).toEqual(DEFAULT_PREFERENCES);

    const first = await call('PATCH', PREFERENCES, headers, { theme: 'dark', default_specialization_id: 5 });
    expect(first.statusCode).toBe(200);
    const second = await call('PATCH', PREFERENCES, headers, {
      transcription_language: 'es-ES',
      auto_generate_anamnesis: true,
    });
    const expected: TPreferences = {
      theme: 'dark',
      transcription_language: 'es-ES',
      auto_generate_anamnesis: true,
      default_specialization_id: 5,
    };
    expect(second.json()).toEqual(expected);
    expect((await call('GET', PREFERENCES, headers)).json()).toEqual(expected);

    const cleared = await call('PATCH', PREFERENCES, headers, { default_specialization_id: null });
    expect(cleared.json()).toEqual({ ...expected, default_specialization_id: null });
  });

  it('keeps every one of several simultaneous changes', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const answers = await Promise.all([
      call('PATCH', PREFERENCES, headers, { theme: 'dark' }),
      call('PATCH', PREFERENCES, headers, { transcription_language: 'en-US' }),
      call('PATCH', PREFERENCES, headers, { auto_generate_anamnesis: true }),
      call('PATCH', PREFERENCES, headers, { default_specialization_id: 49 }),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect((await call('GET', PREFERENCES, headers)).json()).toEqual({
      theme: 'dark',
      transcription_language: 'en-US',
      auto_generate_anamnesis: true,
      default_specialization_id: 49,
    });
  });

  it('refuses unknown specializations, values and fields with 422 naming the field', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const cases: [unknown, (string | number)[]][] = [
      [{}, ['body']],
      [{ default_specialization_id: 99_999 }, ['body', 'default_specialization_id']],
      [{ default_specialization_id: -1 }, ['body', 'default_specialization_id']],
      [{ default_specialization_id: 'cinco' }, ['body', 'default_specialization_id']],
      [{ theme: 'purple' }, ['body', 'theme']],
      [{ transcription_language: 'pt-PT' }, ['body', 'transcription_language']],
      [{ auto_generate_anamnesis: 'yes' }, ['body', 'auto_generate_anamnesis']],
      [{ theme: 'dark', credits: 10 }, ['body', 'credits']],
    ];
    for (const [payload, loc] of cases) {
      const response = await call('PATCH', PREFERENCES, headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(response), JSON.stringify(payload)).toContainEqual(loc);
    }
    expect((await call('GET', PREFERENCES, headers)).json()).toEqual(DEFAULT_PREFERENCES);
  });
});
