import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createPdfScene, signedPdfUrl, storeNote } from '../../../test/anamnesis-pdf-test-setup';
import { putCertificate } from '../../../test/certificate-requests';
import {
  CA_NAME,
  CERTIFICATE_PASSWORD,
  useCertificateAuthority,
  opensslDate,
  type Pkcs12Form,
} from '../../../test/certificates';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { readCms } from '../../../test/cms-reading';
import { pdfInfoEntries, pdfSignature, pdfText } from '../../../test/pdf-tools';
import { expectSignedBy } from '../../../test/signature-checks';
import { useTestApp } from '../../../test/test-app';
import { userCertificates } from '../../db/schema/index';
import type { App } from '../../platform/services';
import { sealCertificate } from '../certificates/certificate-seal';

const PASSWORD_FAILURES = 3;
const testApp = useTestApp((config) => ({
  ...config,
  rateLimits: {
    ...config.rateLimits,
    certificatePasswordFailures: { points: PASSWORD_FAILURES, durationSeconds: 900 },
  },
}));
const ca = useCertificateAuthority();

const HOLDER = 'MARIANA CONCEICAO TAVARES';
type Headers = Record<string, string>;

async function sceneWithCertificate(app: App, form: Pkcs12Form = 'legacy') {
  const scene = await createPdfScene(app);
  await storeNote(app, scene.owner.user.id, scene.consultationId);
  const pfx = await ca.issueA1({ name: HOLDER, cpf: uniqueCpf(), form });
  expect((await putCertificate(app, scene.owner.headers, pfx, CERTIFICATE_PASSWORD)).statusCode).toBe(200);
  return scene;
}

const sign = (app: App, headers: Headers, consultationId: string, payload: unknown) =>
  app.inject({ method: 'POST', url: signedPdfUrl(consultationId), headers, payload: payload as object });

/** The subjects (CN) of the certificates the signature carries. */
function signatureChain(pdf: Buffer): string[] {
  const der = pdfSignature(pdf).cms.toString('binary');
  const signed = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData;
  return signed.certificates.map((certificate) =>
    String((certificate.subject.getField('CN') as { value: string }).value),
  );
}

describe('POST /api/v1/user/consultations/{id}/anamnesis/pdf/signed', () => {
  it.each<Pkcs12Form>(['legacy', 'aes'])(
    'signs the note (PAdES) with a %s A1 certificate: pdfsig finds it valid and names the signer; one byte changed breaks it',
    async (form) => {
      const { app } = testApp;
      const { owner, consultationId } = await sceneWithCertificate(app, form);
      const response = await sign(app, owner.headers, consultationId, { password: CERTIFICATE_PASSWORD });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="anamnese-assinada-/);
      const pdf = response.rawPayload;

      await expectSignedBy(pdf, HOLDER);
      const text = await pdfText(pdf);
      expect(text).toContain('Assinado digitalmente');
      expect(text).toContain('CRM/SP 123456 · RQE nº 45678');
      expect(text).toMatch(/em \d\d\/\d\d\/\d{4} às \d\d:\d\d \(horário de Brasília\)/);
      expect(text).toContain(`Certificado ICP-Brasil de ${HOLDER}`);
      expect(text).toContain(`emitido por ${CA_NAME}`);
      expect(text).toContain('Dor no peito há três dias, pior ao esforço.');
      // A "registro de atendimento clínico" for ITI's validator, by CRM/SP 123456, under the PAdES AD-RB policy.
      expect(await pdfInfoEntries(pdf)).toMatchObject({
        '2.16.76.1.12.1.6': '',
        '2.16.76.1.4.2.2.1': '123456',
        '2.16.76.1.4.2.2.2': 'SP',
      });
      expect(readCms(pdfSignature(pdf).cms).signaturePolicy?.oid).toBe('2.16.76.1.7.1.11.1.3');
      // The chain travels in the signature: the holder's certificate and the AC's.
      expect(signatureChain(pdf)).toEqual(expect.arrayContaining([expect.stringMatching(/^MARIANA/), CA_NAME]));

      const audit = await auditRowsOf(app, owner.user.id);
      expect(audit[0]).toMatchObject({
        action: 'document.signed',
        details: { consultation_id: consultationId, kind: 'anamnesis' },
      });
    },
  );

  it('refuses a wrong password (422 naming it) and says so without a certificate (409), signing nothing', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await sceneWithCertificate(app);
    const wrong = await sign(app, owner.headers, consultationId, { password: 'não é essa' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      detail: [{ loc: ['body', 'password'], msg: 'Senha do certificado incorreta', type: 'value_error' }],
    });
    expect(errorLocs(await sign(app, owner.headers, consultationId, { password: '' }))).toEqual([['body', 'password']]);
    expect(errorLocs(await sign(app, owner.headers, consultationId, {}))).toEqual([['body', 'password']]);

    const scene = await createPdfScene(app);
    await storeNote(app, scene.owner.user.id, scene.consultationId);
    const without = await sign(app, scene.owner.headers, scene.consultationId, { password: CERTIFICATE_PASSWORD });
    expect(without.statusCode).toBe(409);
    expect(without.json<{ detail: string }>().detail).toContain('certificado digital A1');
    expect((await auditRowsOf(app, owner.user.id)).some((row) => row.action === 'document.signed')).toBe(false);
  });

  it('stops guessing: after CERTIFICATE_PASSWORD_FAILURES wrong passwords even the right one waits (429)', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await sceneWithCertificate(app);
    for (let attempt = 0; attempt < PASSWORD_FAILURES; attempt++) {
      expect((await sign(app, owner.headers, consultationId, { password: `palpite ${attempt}` })).statusCode).toBe(422);
    }
    const blocked = await sign(app, owner.headers, consultationId, { password: CERTIFICATE_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another professional signs as usual.
    const other = await sceneWithCertificate(app);
    const signed = await sign(app, other.owner.headers, other.consultationId, { password: CERTIFICATE_PASSWORD });
    expect(signed.statusCode).toBe(200);
  });

  it('refuses a certificate that expired since it was kept', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    await storeNote(app, owner.user.id, consultationId);
    const expired = await ca.issueA1({
      name: HOLDER,
      cpf: uniqueCpf(),
      startDate: opensslDate(-400),
      endDate: opensslDate(-1),
    });
    // Kept while it was valid: stored as the upload stores it.
    const sealedFile = sealCertificate(app.secrets, expired, owner.user.id);
    await app.db.insert(userCertificates).values({
      userId: owner.user.id,
      sealedFile,
      holderName: HOLDER,
      cpf: null,
      issuer: CA_NAME,
      validFrom: new Date(Date.now() - 400 * 86_400_000),
      validUntil: new Date(Date.now() - 86_400_000),
    });
    const response = await sign(app, owner.headers, consultationId, { password: CERTIFICATE_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: string }>().detail).toMatch(/^Certificado vencido em/);
  });

  it('answers 401 without a session (the cookie is not enough) and 404 for another professional’s note', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await sceneWithCertificate(app);
    expect((await sign(app, {}, consultationId, { password: CERTIFICATE_PASSWORD })).statusCode).toBe(401);
    const other = await createLoggedInUser(app);
    const foreign = await sign(app, other.headers, consultationId, { password: CERTIFICATE_PASSWORD });
    expect(foreign.statusCode).toBe(404);
    const scene = await createPdfScene(app);
    const noNote = await sign(app, owner.headers, scene.consultationId, { password: CERTIFICATE_PASSWORD });
    expect(noNote.statusCode).toBe(404);
  });
});
