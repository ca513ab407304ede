import type { TCloudCertificate, TPscProvider } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import {
  beginAuthorization,
  CLOUD_URL,
  connectCloudCertificate,
  finishAuthorization,
} from '../../../test/cloud-certificate-requests';
import { CA_NAME } from '../../../test/certificates';
import { createLoggedInUser } from '../../../test/factories';
import { PSC_CERTIFICATE_ALIAS } from '../../../test/psc-fixture';
import {
  getCloudCertificate as get,
  HOLDER,
  PROVIDER,
  storedCloudCertificate as storedRow,
  usePscScene,
} from '../../../test/psc-test-setup';
import { cloudAuthorizations } from '../../db/schema/index';

const { scene, testApp, holdCertificateFor } = usePscScene();

describe('connecting a cloud certificate through the PSC API', () => {
  it('finds her certificates by CPF, authorises with PKCE, keeps the token sealed, shows the certificate, disconnects', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    await holdCertificateFor(owner.user);

    const providers = await app.inject({ method: 'GET', url: `${CLOUD_URL}/providers`, headers: owner.headers });
    expect(providers.json<TPscProvider[]>()).toContainEqual({
      id: PROVIDER,
      name: 'PSC de Testes',
      max_lifetime_seconds: 604_800,
      push: true,
    });
    const slots = await app.inject({
      method: 'POST',
      url: `${CLOUD_URL}/slots`,
      headers: owner.headers,
      payload: { provider_id: PROVIDER },
    });
    expect(slots.json()).toEqual([{ alias: PSC_CERTIFICATE_ALIAS, label: 'e-CPF A3 em nuvem' }]);
    expect(scene.psc.calls.at(-1)!.body).toMatchObject({ user_cpf_cnpj: 'CPF', val_cpf_cnpj: owner.user.cpf });

    const begun = await beginAuthorization(app, owner.headers, PROVIDER, { return_to: '/consultas/1' });
    expect(begun.statusCode, begun.body).toBe(200);
    const authorizeUrl = new URL(begun.json<{ authorize_url: string }>().authorize_url);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${scene.psc.baseUrl}/v0/oauth/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      scope: 'signature_session',
      code_challenge_method: 'S256',
      lifetime: '86400',
      login_hint: owner.user.cpf,
      redirect_uri: 'http://localhost:3000/user/profile/cloud-certificate',
    });
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    const callback = await scene.psc.approve(authorizeUrl.href);
    const connected = await finishAuthorization(app, owner.headers, callback);
    expect(connected.statusCode, connected.body).toBe(200);
    const view = connected.json<TCloudCertificate>();
    expect(view).toMatchObject({
      provider_id: PROVIDER,
      provider_name: 'PSC de Testes',
      provider_available: true,
      certificate_alias: PSC_CERTIFICATE_ALIAS,
      holder_name: HOLDER,
      cpf: owner.user.cpf,
      issuer: CA_NAME,
      icp_brasil: true,
      key_status: 'available',
      return_to: '/consultas/1',
    });
    const authorizedFor = new Date(view.authorized_until!).getTime() - Date.now();
    expect(authorizedFor).toBeGreaterThan(86_000_000);
    expect(authorizedFor).toBeLessThanOrEqual(86_400_000);
    expect((await get(app, owner.headers)).json()).toEqual(view);

    // The token exchange sent the verifier of the challenge (the provider checked it) and Escriba's client.
    const exchange = scene.psc.calls.find((call) => call.route === 'token')!;
    expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', code: callback.searchParams.get('code') });
    const token = scene.psc.calls.findLast((call) => call.route === 'certificate-discovery')!.authorization!.slice(7);
    const row = (await storedRow(app, owner.user.id))!;
    expect(row.sealedAccessToken).not.toContain(token);
    expect(JSON.stringify(await auditRowsOf(app, owner.user.id))).not.toContain(token);
    expect((await auditRowsOf(app, owner.user.id))[0]).toMatchObject({ action: 'cloud_certificate.connected' });

    // The state is claimed once: the same answer again finishes nothing.
    const again = await finishAuthorization(app, owner.headers, callback);
    expect(again.statusCode).toBe(422);
    expect(errorLocs(again)).toEqual([['body', 'state']]);

    expect((await app.inject({ method: 'DELETE', url: CLOUD_URL, headers: owner.headers })).statusCode).toBe(204);
    expect((await get(app, owner.headers)).json()).toBeNull();
    expect(await storedRow(app, owner.user.id)).toBeUndefined();
    expect((await app.inject({ method: 'DELETE', url: CLOUD_URL, headers: owner.headers })).statusCode).toBe(404);
  });

  it('authorises by a push to her phone where the provider has one: waiting until she approves, then connected', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    await holdCertificateFor(owner.user);
    const begun = await beginAuthorization(app, owner.headers, PROVIDER, { flow: 'push' });
    expect(begun.statusCode, begun.body).toBe(200);
    const { authorize_url, state } = begun.json<{ authorize_url: string | null; state: string }>();
    expect(authorize_url).toBeNull();
    expect(scene.psc.calls.findLast((call) => call.route === 'authorize')!.query.get('redirect_uri')).toBe('push://');

    const check = () =>
      app.inject({ method: 'POST', url: `${CLOUD_URL}/push`, headers: owner.headers, payload: { state } });
    const waiting = await check();
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toEqual({ status: 'waiting' });
    scene.psc.approvePush();
    const approved = await check();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TCloudCertificate>()).toMatchObject({ holder_name: HOLDER, key_status: 'available' });
    expect(scene.psc.calls.findLast((call) => call.route === 'token')!.body).toMatchObject({ redirect_uri: 'push://' });
    expect(errorLocs(await check())).toEqual([['body', 'state']]);

    const withoutPush = await beginAuthorization(app, owner.headers, 'sem-push', { flow: 'push' });
    expect(withoutPush.json<{ detail: { loc: string[]; msg: string }[] }>().detail[0]).toMatchObject({
      loc: ['body', 'flow'],
      msg: 'O PSC sem push não autoriza pelo celular: use a página do provedor',
    });
    expect((await app.inject({ method: 'POST', url: `${CLOUD_URL}/push`, payload: { state } })).statusCode).toBe(401);
  });

  it('reads a certificate discovery that answers PEM', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    await holdCertificateFor(owner.user, { certificateForm: 'pem' });
    expect(await connectCloudCertificate(app, owner.headers, scene.psc, PROVIDER)).toMatchObject({
      holder_name: HOLDER,
    });
  });

  it('refuses a code with another verifier, a lifetime beyond the provider’s, a late or foreign state', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    await holdCertificateFor(owner.user);

    // The first authorisation's code, answered after a second one replaced its verifier.
    const first = await beginAuthorization(app, owner.headers, PROVIDER);
    const firstCallback = await scene.psc.approve(first.json<{ authorize_url: string }>().authorize_url);
    const second = await beginAuthorization(app, owner.headers, PROVIDER);
    const secondState = new URL(second.json<{ authorize_url: string }>().authorize_url).searchParams.get('state')!;
    firstCallback.searchParams.set('state', secondState);
    const wrongVerifier = await finishAuthorization(app, owner.headers, firstCallback);
    expect(wrongVerifier.statusCode).toBe(422);
    expect(wrongVerifier.json()).toEqual({
      detail: [
        {
          loc: ['body', 'code'],
          msg: 'O PSC de Testes recusou a autorização: comece de novo no Perfil',
          type: 'value_error',
        },
      ],
    });
    expect(await storedRow(app, owner.user.id)).toBeUndefined();

    const tooLong = await beginAuthorization(app, owner.headers, PROVIDER, { lifetime_seconds: 30 * 86_400 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(
      'O PSC de Testes autoriza no máximo 7 dias',
    );
    const unknown = await beginAuthorization(app, owner.headers, 'nenhum');
    expect(errorLocs(unknown)).toEqual([['body', 'provider_id']]);

    // Someone else's state is not hers; her own, older than ten minutes, is over.
    const late = await beginAuthorization(app, owner.headers, PROVIDER);
    const lateCallback = await scene.psc.approve(late.json<{ authorize_url: string }>().authorize_url);
    const other = await createLoggedInUser(app);
    expect(errorLocs(await finishAuthorization(app, other.headers, lateCallback))).toEqual([['body', 'state']]);
    await app.db
      .update(cloudAuthorizations)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(cloudAuthorizations.userId, owner.user.id));
    const expired = await finishAuthorization(app, owner.headers, lateCallback);
    expect(expired.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(
      'A autorização demorou mais de 10 minutos: comece de novo no Perfil',
    );
  });

  it('says when the provider is down or refuses Escriba’s client, and answers 401 without a session', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    const slots = () =>
      app.inject({
        method: 'POST',
        url: `${CLOUD_URL}/slots`,
        headers: owner.headers,
        payload: { provider_id: PROVIDER },
      });
    scene.psc.behave = (route) => (route === 'user-discovery' ? { hang: true } : {});
    const hung = await slots();
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({
      detail:
        'O PSC de Testes não respondeu a tempo: não foi possível buscar seus certificados. Tente de novo em instantes.',
    });
    scene.psc.behave = (route) =>
      route === 'user-discovery' ? { status: 401, body: { error: 'invalid_client' } } : {};
    expect((await slots()).json<{ detail: string }>().detail).toMatch(/recusou as credenciais do Escriba/);
    scene.psc.behave = () => ({});
    // Her CPF unknown to the provider: no certificates, not an error.
    expect((await slots()).json()).toEqual([]);

    for (const [method, url] of [
      ['GET', CLOUD_URL],
      ['DELETE', CLOUD_URL],
      ['POST', CLOUD_URL],
      ['GET', `${CLOUD_URL}/providers`],
      ['POST', `${CLOUD_URL}/slots`],
      ['POST', `${CLOUD_URL}/authorization`],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
