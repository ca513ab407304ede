import type { TCloudCertificate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createPdfScene } from '../../../test/anamnesis-pdf-test-setup';
import { connectCloudCertificate } from '../../../test/cloud-certificate-requests';
import { CONTROLLED_RECEITA, signedDocumentPdfUrl, storeDocument } from '../../../test/document-pdf-test-setup';
import { readCms } from '../../../test/cms-reading';
import { pdfSignature } from '../../../test/pdf-tools';
import { PSC_CERTIFICATE_ALIAS } from '../../../test/psc-fixture';
import {
  getCloudCertificate as get,
  HOLDER,
  PROVIDER,
  storedCloudCertificate as storedRow,
  usePscScene,
} from '../../../test/psc-test-setup';
import { expectSignedBy } from '../../../test/signature-checks';
import { cloudCertificates } from '../../db/schema/index';
import type { App } from '../../platform/services';

const { scene: pscScene, testApp, holdCertificateFor } = usePscScene();

describe('signing with the cloud certificate', () => {
  async function connectedScene(app: App) {
    const scene = await createPdfScene(app);
    await holdCertificateFor(scene.owner.user);
    await connectCloudCertificate(app, scene.owner.headers, pscScene.psc, PROVIDER);
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
    const before = pscScene.psc.signatureCount();
    const response = await sign();
    expect(response.statusCode, response.body).toBe(200);
    await expectSignedBy(response.rawPayload, HOLDER);
    expect(readCms(pdfSignature(response.rawPayload).cms).signaturePolicy).toMatchObject({
      oid: '2.16.76.1.7.1.11.1.3',
    });
    expect(pscScene.psc.signatureCount()).toBe(before + 1);
    expect(pscScene.psc.calls.at(-1)!.body).toMatchObject({
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

    pscScene.psc.expireTokens();
    const refused = await sign();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: authorizeAgain });
    const view = (await get(app, owner.headers)).json<TCloudCertificate>();
    expect(view.authorized_until).toBeNull();
    expect((await storedRow(app, owner.user.id))!.sealedAccessToken).toBeNull();

    // Expired by its own date: the provider is not even asked.
    await connectCloudCertificate(app, owner.headers, pscScene.psc, PROVIDER);
    await app.db
      .update(cloudCertificates)
      .set({ authorizedUntil: new Date(Date.now() - 1000) })
      .where(eq(cloudCertificates.userId, owner.user.id));
    const calls = pscScene.psc.calls.length;
    expect((await sign()).json()).toEqual({ detail: authorizeAgain });
    expect(pscScene.psc.calls.length).toBe(calls);
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
      pscScene.psc.behave = (route) => (route === 'signature' ? behaviour : {});
      const before = pscScene.psc.signatureCount();
      const failed = await sign();
      expect(failed.statusCode).toBe(503);
      expect(failed.json<{ detail: string }>().detail).toMatch(/^O PSC de Testes .*: o documento não foi assinado/);
      expect(pscScene.psc.signatureCount()).toBe(before + 1);
    }
    pscScene.psc.behave = () => ({});
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
