import type { TCloudCertificate, TPscProvider } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createPdfScene } from '../../../test/anamnesis-pdf-test-setup';
import {
  beginAuthorization,
  CLOUD_URL,
  connectCloudCertificate,
  finishAuthorization,
} from '../../../test/cloud-certificate-requests';
import { CA_NAME, useCertificateAuthority } from '../../../test/certificates';
import { CONTROLLED_RECEITA, signedDocumentPdfUrl, storeDocument } from '../../../test/document-pdf-test-setup';
import { readCms } from '../../../test/cms-reading';
import { createLoggedInUser } from '../../../test/factories';
import { pdfSignature } from '../../../test/pdf-tools';
import { PSC_CERTIFICATE_ALIAS, PscFixture } from '../../../test/psc-fixture';
import { expectSignedBy } from '../../../test/signature-checks';
import { useTestApp } from '../../../test/test-app';
import { cloudAuthorizations, cloudCertificates, type UserRow } from '../../db/schema/index';
import type { App } from '../../platform/services';

const ca = useCertificateAuthority();
let psc: PscFixture;
beforeAll(async () => {
  psc = await PscFixture.start();
});
afterAll(() => psc.close());
const PROVIDER = 'psc-teste';
const testApp = useTestApp((config) => ({
  ...config,
  signatures: {
    ...config.signatures,
    // A provider of PSC_PROVIDERS, as the environment gives it; a slow provider fails in 1.5 s, not 20.
    pscProviders: [
      {
        id: PROVIDER,
        name: 'PSC de Testes',
        baseUrl: psc.baseUrl,
        clientId: 'escriba-testes',
        clientSecret: 'segredo-do-cliente-psc',
        maxLifetimeSeconds: 7 * 86_400,
        push: true,
      },
      {
        id: 'sem-push',
        name: 'PSC sem push',
        baseUrl: psc.baseUrl,
        clientId: 'escriba-testes',
        clientSecret: 'segredo-do-cliente-psc',
        maxLifetimeSeconds: 86_400,
        push: false,
      },
    ],
    pscTimeoutMs: 1_500,
  },
}));

type Headers = Record<string, string>;
const HOLDER = 'MARIANA CONCEICAO TAVARES';

/** The provider keeps a certificate for her CPF. */
async function holdCertificateFor(user: UserRow, options: { certificateForm?: 'pem' } = {}) {
  psc.addHolder({ cpf: user.cpf!, ...(await ca.issueKeyPair({ name: HOLDER, cpf: user.cpf! })), ...options });
}

async function storedRow(app: App, userId: string) {
  const [row] = await app.db.select().from(cloudCertificates).where(eq(cloudCertificates.userId, userId));
  return row;
}

const get = (app: App, headers: Headers) => app.inject({ method: 'GET', url: CLOUD_URL, headers });

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
    expect(psc.calls.at(-1)!.body).toMatchObject({ user_cpf_cnpj: 'CPF', val_cpf_cnpj: owner.user.cpf });

    const begun = await beginAuthorization(app, owner.headers, PROVIDER, { return_to: '/consultas/1' });
    expect(begun.statusCode, begun.body).toBe(200);
    const authorizeUrl = new URL(begun.json<{ authorize_url: string }>().authorize_url);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${psc.baseUrl}/v0/oauth/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      scope: 'signature_session',
      code_challenge_method: 'S256',
      lifetime: '86400',
      login_hint: owner.user.cpf,
      redirect_uri: 'http://localhost:3000/user/profile/cloud-certificate',
    });
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    const callback = await psc.approve(authorizeUrl.href);
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
    const exchange = psc.calls.find((call) => call.route === 'token')!;
    expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', code: callback.searchParams.get('code') });
    const token = psc.calls.findLast((call) => call.route === 'certificate-discovery')!.authorization!.slice(7);
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
    expect(psc.calls.findLast((call) => call.route === 'authorize')!.query.get('redirect_uri')).toBe('push://');

    const check = () =>
      app.inject({ method: 'POST', url: `${CLOUD_URL}/push`, headers: owner.headers, payload: { state } });
    const waiting = await check();
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toEqual({ status: 'waiting' });
    psc.approvePush();
    const approved = await check();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TCloudCertificate>()).toMatchObject({ holder_name: HOLDER, key_status: 'available' });
    expect(psc.calls.findLast((call) => call.route === 'token')!.body).toMatchObject({ redirect_uri: 'push://' });
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
    expect(await connectCloudCertificate(app, owner.headers, psc, PROVIDER)).toMatchObject({ holder_name: HOLDER });
  });

  it('refuses a code with another verifier, a lifetime beyond the provider’s, a late or foreign state', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    await holdCertificateFor(owner.user);

    // The first authorisation's code, answered after a second one replaced its verifier.
    const first = await beginAuthorization(app, owner.headers, PROVIDER);
    const firstCallback = await psc.approve(first.json<{ authorize_url: string }>().authorize_url);
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
    const lateCallback = await psc.approve(late.json<{ authorize_url: string }>().authorize_url);
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
    psc.behave = (route) => (route === 'user-discovery' ? { hang: true } : {});
    const hung = await slots();
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({
      detail:
        'O PSC de Testes não respondeu a tempo: não foi possível buscar seus certificados. Tente de novo em instantes.',
    });
    psc.behave = (route) => (route === 'user-discovery' ? { status: 401, body: { error: 'invalid_client' } } : {});
    expect((await slots()).json<{ detail: string }>().detail).toMatch(/recusou as credenciais do Escriba/);
    psc.behave = () => ({});
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

describe('signing with the cloud certificate', () => {
  async function connectedScene(app: App) {
    const scene = await createPdfScene(app);
    await holdCertificateFor(scene.owner.user);
    await connectCloudCertificate(app, scene.owner.headers, psc, PROVIDER);
    const documentId = await storeDocument(
      app,
      scene.owner.user.id,
      scene.consultationId,
      'receita',
      CONTROLLED_RECEITA,
    );
    const sign = () =>
      app.inject({
        method: 'POST',
        url: signedDocumentPdfUrl(scene.consultationId, documentId),
        headers: scene.owner.headers,
        payload: { signer: 'cloud' },
      });
    return { ...scene, documentId, sign };
  }

  it('signs the receita through the provider’s signature of the hash: PAdES AD-RB, valid, one signature asked', async () => {
    const { app } = testApp;
    const { owner, consultationId, sign } = await connectedScene(app);
    const before = psc.signatureCount();
    const response = await sign();
    expect(response.statusCode, response.body).toBe(200);
    await expectSignedBy(response.rawPayload, HOLDER);
    expect(readCms(pdfSignature(response.rawPayload).cms).signaturePolicy).toMatchObject({
      oid: '2.16.76.1.7.1.11.1.3',
    });
    expect(psc.signatureCount()).toBe(before + 1);
    expect(psc.calls.at(-1)!.body).toMatchObject({
      certificate_alias: PSC_CERTIFICATE_ALIAS,
      hashes: [{ hash_algorithm: '2.16.840.1.101.3.4.2.1', signature_format: 'RAW' }],
    });
    expect((await auditRowsOf(app, owner.user.id))[0]).toMatchObject({
      action: 'document.signed',
      details: { consultation_id: consultationId, kind: 'receita', signer: 'cloud' },
    });
  });

  it('asks her to authorise again once the authorisation expired here or at the provider', async () => {
    const { app } = testApp;
    const { owner, sign } = await connectedScene(app);
    const authorizeAgain =
      'Sua autorização no PSC de Testes expirou ou foi revogada: autorize de novo para assinar com o certificado em nuvem';

    psc.expireTokens();
    const refused = await sign();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: authorizeAgain });
    const view = (await get(app, owner.headers)).json<TCloudCertificate>();
    expect(view.authorized_until).toBeNull();
    expect((await storedRow(app, owner.user.id))!.sealedAccessToken).toBeNull();

    // Expired by its own date: the provider is not even asked.
    await connectCloudCertificate(app, owner.headers, psc, PROVIDER);
    await app.db
      .update(cloudCertificates)
      .set({ authorizedUntil: new Date(Date.now() - 1000) })
      .where(eq(cloudCertificates.userId, owner.user.id));
    const calls = psc.calls.length;
    expect((await sign()).json()).toEqual({ detail: authorizeAgain });
    expect(psc.calls.length).toBe(calls);
  });

  it('leaves the document unsigned and says so when the provider fails or times out, never asking twice', async () => {
    const { app } = testApp;
    const { owner, consultationId, sign } = await connectedScene(app);
    const issued = () =>
      app.inject({
        method: 'GET',
        url: `/api/v1/user/consultations/${consultationId}/issued-documents`,
        headers: owner.headers,
      });
    for (const behaviour of [{ hang: true }, { status: 500 }]) {
      psc.behave = (route) => (route === 'signature' ? behaviour : {});
      const before = psc.signatureCount();
      const failed = await sign();
      expect(failed.statusCode).toBe(503);
      expect(failed.json<{ detail: string }>().detail).toMatch(/^O PSC de Testes .*: o documento não foi assinado/);
      expect(psc.signatureCount()).toBe(before + 1);
    }
    psc.behave = () => ({});
    expect((await issued()).json()).toEqual([]);
    expect((await sign()).statusCode).toBe(200);
  });

  it('asks for a connection first, and for the password of an A1 signature', async () => {
    const { app } = testApp;
    const scene = await createPdfScene(app);
    const documentId = await storeDocument(
      app,
      scene.owner.user.id,
      scene.consultationId,
      'receita',
      CONTROLLED_RECEITA,
    );
    const url = signedDocumentPdfUrl(scene.consultationId, documentId);
    const cloud = await app.inject({ method: 'POST', url, headers: scene.owner.headers, payload: { signer: 'cloud' } });
    expect(cloud.statusCode).toBe(409);
    expect(cloud.json()).toEqual({ detail: 'Conecte um certificado em nuvem no Perfil para assinar com ele' });
    const a1 = await app.inject({ method: 'POST', url, headers: scene.owner.headers, payload: {} });
    expect(errorLocs(a1)).toEqual([['body', 'password']]);
    const unknown = await app.inject({ method: 'POST', url, headers: scene.owner.headers, payload: { signer: 'x' } });
    expect(errorLocs(unknown)).toEqual([['body', 'signer']]);
  });
});
