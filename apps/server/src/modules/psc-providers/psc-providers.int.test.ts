import type { TAdminPscProvider } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createLoggedInAdmin } from '../../../test/admin-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { pscProviders } from '../../db/schema/index';
import { findPscProvider } from './psc-provider-store';

const FROM_ENVIRONMENT = {
  id: 'vidaas',
  name: 'VIDaaS',
  baseUrl: 'https://certificado.vidaas.com.br',
  clientId: 'escriba',
  clientSecret: 'segredo-do-ambiente',
  maxLifetimeSeconds: 604_800,
  push: true,
};
const testApp = useTestApp((config) => ({
  ...config,
  signatures: { ...config.signatures, pscProviders: [FROM_ENVIRONMENT] },
}));

const SECRET = 'segredo-de-cliente-do-birdid';
const BODY = {
  name: 'BirdID',
  base_url: 'https://api.birdid.com.br/',
  client_id: 'escriba-clinica',
  client_secret: SECRET,
  max_lifetime_seconds: 86_400,
};
const url = (id = '') => `/api/v1/admin/psc-providers${id ? `/${id}` : ''}`;

describe('/api/v1/admin/psc-providers', () => {
  it('makes, changes and removes a provider; its client secret is sealed and never answered or audited', async () => {
    const { app } = testApp;
    const admin = await createLoggedInAdmin(app);
    const put = (body: object) =>
      app.inject({ method: 'PUT', url: url('birdid'), headers: admin.headers, payload: body });

    const made = await put(BODY);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({
      id: 'birdid',
      name: 'BirdID',
      base_url: 'https://api.birdid.com.br',
      client_id: 'escriba-clinica',
      has_client_secret: true,
      max_lifetime_seconds: 86_400,
      push: false,
      source: 'admin',
    });
    const [row] = await app.db.select().from(pscProviders).where(eq(pscProviders.id, 'birdid'));
    expect(row!.sealedClientSecret).not.toContain(SECRET);
    expect((await findPscProvider(app, 'birdid'))!.clientSecret).toBe(SECRET);

    // A blank secret keeps the one kept.
    const changed = await put({ ...BODY, name: 'Bird ID', client_secret: '' });
    expect(changed.json<TAdminPscProvider>().name).toBe('Bird ID');
    expect((await findPscProvider(app, 'birdid'))!.clientSecret).toBe(SECRET);

    const listed = await app.inject({ method: 'GET', url: url(), headers: admin.headers });
    expect(listed.json<TAdminPscProvider[]>().map((provider) => [provider.id, provider.source])).toEqual([
      ['vidaas', 'environment'],
      ['birdid', 'admin'],
    ]);
    expect(listed.body).not.toContain(SECRET);
    expect(listed.body).not.toContain(FROM_ENVIRONMENT.clientSecret);
    const audit = await auditRowsOf(app, admin.user.id);
    expect(audit.map((event) => event.action)).toContain('admin.psc_provider.saved');
    expect(JSON.stringify(audit)).not.toContain(SECRET);

    expect((await app.inject({ method: 'DELETE', url: url('birdid'), headers: admin.headers })).statusCode).toBe(204);
    expect(await findPscProvider(app, 'birdid')).toBeUndefined();
    expect((await app.inject({ method: 'DELETE', url: url('birdid'), headers: admin.headers })).statusCode).toBe(404);
  });

  it('refuses to change a provider of PSC_PROVIDERS, a new one without a secret, and bad fields', async () => {
    const { app } = testApp;
    const admin = await createLoggedInAdmin(app);
    const put = (id: string, body: object) =>
      app.inject({ method: 'PUT', url: url(id), headers: admin.headers, payload: body });

    const environment = await put('vidaas', BODY);
    expect(environment.statusCode).toBe(409);
    expect(environment.json()).toEqual({
      detail: 'Este provedor vem de PSC_PROVIDERS: mude-o no ambiente do servidor',
    });
    expect((await app.inject({ method: 'DELETE', url: url('vidaas'), headers: admin.headers })).statusCode).toBe(409);

    expect(errorLocs(await put('novo', { ...BODY, client_secret: undefined }))).toEqual([['body', 'client_secret']]);
    expect(errorLocs(await put('novo', { ...BODY, base_url: 'não é endereço' }))).toEqual([['body', 'base_url']]);
    expect(errorLocs(await put('Com Espaço', BODY))).toEqual([['params', 'id']]);
    expect(errorLocs(await put('novo', { ...BODY, max_lifetime_seconds: 60 }))).toEqual([
      ['body', 'max_lifetime_seconds'],
    ]);
    expect(await findPscProvider(app, 'novo')).toBeUndefined();
  });

  it('is for administrators: 401 without a session, 403 for a professional', async () => {
    const { app } = testApp;
    const professional = await createLoggedInUser(app);
    for (const [method, path] of [
      ['GET', url()],
      ['PUT', url('birdid')],
      ['DELETE', url('birdid')],
    ] as const) {
      expect((await app.inject({ method, url: path, payload: BODY })).statusCode).toBe(401);
      expect((await app.inject({ method, url: path, headers: professional.headers, payload: BODY })).statusCode).toBe(
        403,
      );
    }
  });
});
