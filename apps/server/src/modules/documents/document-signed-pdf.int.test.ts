import { OUTSIDE_ICP_BRASIL, type TCertificate } from '@escriba/contract';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createPdfScene } from '../../../test/anamnesis-pdf-test-setup';
import { putCertificate } from '../../../test/certificate-requests';
import { CA_NAME, CERTIFICATE_PASSWORD, testAnchorsDir, useCertificateAuthority } from '../../../test/certificates';
import { CONTROLLED_RECEITA, signedDocumentPdfUrl, storeDocument } from '../../../test/document-pdf-test-setup';
import { readDocument } from '../../../test/documents-test-setup';
import { sessionCookie } from '../../../test/evidence-test-requests';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { readCms } from '../../../test/cms-reading';
import { cmsDump, pdfInfoEntries, pdfSignature, pdfText } from '../../../test/pdf-tools';
import { expectSignedBy } from '../../../test/signature-checks';
import { useTestApp } from '../../../test/test-app';
import { SIGNING_CERTIFICATE_V2 } from '../../platform/pdf/cades-signer';
import type { App } from '../../platform/services';

const testApp = useTestApp();
const ca = useCertificateAuthority();
const outsider = useCertificateAuthority({ trusted: false });

const HOLDER = 'MARIANA CONCEICAO TAVARES';
type Headers = Record<string, string>;
/** pdftotext's lines joined, the stamp's wrapped lines read as one. */
const flatText = (text: string) => text.replace(/\s+/g, ' ');

/** The scene's professional with her A1 certificate kept, and a controle especial receita of her patient. */
async function sceneWithCertificate(app: App, authority = ca) {
  const scene = await createPdfScene(app);
  const pfx = await authority.issueA1({ name: HOLDER, cpf: uniqueCpf() });
  expect((await putCertificate(app, scene.owner.headers, pfx, CERTIFICATE_PASSWORD)).statusCode).toBe(200);
  const documentId = await storeDocument(app, scene.owner.user.id, scene.consultationId, 'receita', CONTROLLED_RECEITA);
  return { ...scene, documentId };
}

const sign = (app: App, headers: Headers, consultationId: string, documentId: string, payload: object) =>
  app.inject({ method: 'POST', url: signedDocumentPdfUrl(consultationId, documentId), headers, payload });

describe('POST /api/v1/user/consultations/{id}/documents/{documentId}/pdf/signed', () => {
  it('signs the receita’s two copies (PAdES B-B): pdfsig finds it valid and names the signer; one byte changed breaks it', async () => {
    const { app } = testApp;
    const { owner, consultationId, documentId } = await sceneWithCertificate(app);
    const response = await sign(app, owner.headers, consultationId, documentId, { password: CERTIFICATE_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="receita-assinada-\d{4}-\d\d-\d\d\.pdf"/,
    );
    const pdf = response.rawPayload;

    await expectSignedBy(pdf, HOLDER);
    expect(await cmsDump(pdfSignature(pdf).cms)).toContain(`(${SIGNING_CERTIFICATE_V2})`);
    // ICP-Brasil's PAdES AD-RB policy, and what ITI's validator reads: a prescription by CRM/SP 123456.
    expect(readCms(pdfSignature(pdf).cms).signaturePolicy).toMatchObject({
      oid: '2.16.76.1.7.1.11.1.3',
      hash: '23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60',
    });
    expect(await pdfInfoEntries(pdf)).toMatchObject({
      '2.16.76.1.12.1.1': '',
      '2.16.76.1.4.2.2.1': '123456',
      '2.16.76.1.4.2.2.2': 'SP',
    });

    // Each copy shows the visible block over its own boxes.
    for (const page of [1, 2]) {
      const text = await pdfText(pdf, { first: page, last: page });
      expect(text).toContain('Assinado digitalmente');
      expect(text).toContain(`Certificado ICP-Brasil de ${HOLDER}`);
      expect(text).toContain('Sertralina 50 mg — comprimido');
      expect(text).toContain('Identificação do comprador');
    }

    const audit = await auditRowsOf(app, owner.user.id);
    expect(audit[0]).toMatchObject({
      action: 'document.signed',
      details: { consultation_id: consultationId, kind: 'receita' },
    });
  });

  it('signs with a certificate outside ICP-Brasil too, its stamp saying plainly that a pharmacy will not accept it', async () => {
    const { app } = testApp;
    const { owner, consultationId, documentId } = await sceneWithCertificate(app, outsider);
    const response = await sign(app, owner.headers, consultationId, documentId, { password: CERTIFICATE_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = response.rawPayload;
    await expectSignedBy(pdf, HOLDER);
    const text = flatText(await pdfText(pdf, { first: 1, last: 1 }));
    expect(text).toContain(OUTSIDE_ICP_BRASIL);
    expect(text).toContain(`Certificado de ${HOLDER}, emitido por ${CA_NAME}`);
    expect(text).not.toContain('Certificado ICP-Brasil');
    const { signatures } = await readDocument(app, owner.headers, consultationId, documentId);
    expect(signatures[0]).toMatchObject({ holder: HOLDER, icp_brasil: false });

    // Its AC made a trust anchor (a root or AC the operator adds): the next signature finds the chain, and says so.
    const anchor = path.join(testAnchorsDir(), 'added-by-the-operator.crt');
    await writeFile(anchor, await outsider.certificate());
    try {
      const again = await sign(app, owner.headers, consultationId, documentId, { password: CERTIFICATE_PASSWORD });
      expect(again.statusCode).toBe(200);
      expect(await pdfText(again.rawPayload, { first: 1, last: 1 })).toContain(`Certificado ICP-Brasil de ${HOLDER}`);
      const certificate = await app.inject({
        method: 'GET',
        url: '/api/v1/user/me/certificate',
        headers: owner.headers,
      });
      expect(certificate.json<TCertificate>()).toMatchObject({ icp_brasil: true, icp_brasil_problem: null });
    } finally {
      await rm(anchor, { force: true });
    }
  });

  it('keeps each signature with its certificate’s holder and issuer, for the document’s card; a failed one is not kept', async () => {
    const { app } = testApp;
    const { owner, consultationId, documentId } = await sceneWithCertificate(app);
    expect((await readDocument(app, owner.headers, consultationId, documentId)).signatures).toEqual([]);
    await sign(app, owner.headers, consultationId, documentId, { password: 'não é essa' });
    expect((await readDocument(app, owner.headers, consultationId, documentId)).signatures).toEqual([]);

    const response = await sign(app, owner.headers, consultationId, documentId, { password: CERTIFICATE_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { signatures } = await readDocument(app, owner.headers, consultationId, documentId);
    expect(signatures).toEqual([
      {
        version: 1,
        signed_at: expect.any(String) as string,
        holder: HOLDER,
        issuer: expect.any(String) as string,
        icp_brasil: true,
      },
    ]);
    expect(signatures[0]!.issuer).toContain(CA_NAME);
  });

  it('refuses a wrong password (422 naming it), a missing one, and says so without a certificate (409)', async () => {
    const { app } = testApp;
    const { owner, consultationId, documentId } = await sceneWithCertificate(app);
    const wrong = await sign(app, owner.headers, consultationId, documentId, { password: 'não é essa' });
    expect(wrong.statusCode).toBe(422);
    expect(errorLocs(wrong)).toEqual([['body', 'password']]);
    expect(errorLocs(await sign(app, owner.headers, consultationId, documentId, {}))).toEqual([['body', 'password']]);

    const scene = await createPdfScene(app);
    const unsigned = await storeDocument(app, scene.owner.user.id, scene.consultationId, 'atestado');
    const without = await sign(app, scene.owner.headers, scene.consultationId, unsigned, {
      password: CERTIFICATE_PASSWORD,
    });
    expect(without.statusCode).toBe(409);
    expect(without.json<{ detail: string }>().detail).toContain('certificado digital A1');
    expect((await auditRowsOf(app, owner.user.id)).some((row) => row.action === 'document.signed')).toBe(false);
  });

  it('answers 409 for a document still generating, before asking for the certificate', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await sceneWithCertificate(app);
    const generating = await storeDocument(app, owner.user.id, consultationId, 'exames', undefined, {
      status: 'generating',
    });
    const response = await sign(app, owner.headers, consultationId, generating, { password: 'qualquer' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toContain('ainda está sendo gerado');
  });

  it('answers 401 without a session (the cookie is not enough) and 404 for another professional’s document', async () => {
    const { app } = testApp;
    const { owner, consultationId, documentId } = await sceneWithCertificate(app);
    expect((await sign(app, {}, consultationId, documentId, { password: CERTIFICATE_PASSWORD })).statusCode).toBe(401);
    const cookieOnly = sessionCookie(owner.session);
    expect(
      (await sign(app, cookieOnly, consultationId, documentId, { password: CERTIFICATE_PASSWORD })).statusCode,
    ).toBe(401);
    const other = await createLoggedInUser(app);
    const foreign = await sign(app, other.headers, consultationId, documentId, { password: CERTIFICATE_PASSWORD });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Documento não encontrado' });
  });
});
