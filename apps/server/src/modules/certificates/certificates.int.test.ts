import type { TCertificate } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { certificateForm, putCertificate } from '../../../test/certificate-requests';
import { CA_NAME, CERTIFICATE_PASSWORD, useCertificateAuthority, opensslDate } from '../../../test/certificates';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { userCertificates } from '../../db/schema/index';

const testApp = useTestApp();
const ca = useCertificateAuthority();
const outsider = useCertificateAuthority({ trusted: false });

const URL = '/api/v1/user/me/certificate';

async function storedRow(userId: string) {
  const [row] = await testApp.app.db.select().from(userCertificates).where(eq(userCertificates.userId, userId));
  return row;
}

describe('the professional’s A1 certificate', () => {
  it('is read once with its password, kept sealed, shown by what it says, replaced and removed', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    const cpf = uniqueCpf();
    const get = () => app.inject({ method: 'GET', url: URL, headers: owner.headers });
    expect((await get()).json()).toBeNull();

    const pfx = await ca.issueA1({ name: 'MARIANA CONCEIÇÃO TAVARES', cpf });
    const saved = await putCertificate(app, owner.headers, pfx, CERTIFICATE_PASSWORD);
    expect(saved.statusCode).toBe(200);
    const view = saved.json<TCertificate>();
    expect(view).toMatchObject({
      holder_name: 'MARIANA CONCEIÇÃO TAVARES',
      cpf,
      issuer: CA_NAME,
      icp_brasil: true,
      icp_brasil_problem: null,
    });
    expect(new Date(view.valid_until).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(new Date(view.valid_from).getTime()).toBeLessThan(Date.now());
    expect((await get()).json()).toEqual(view);

    // Sealed with the server key: neither the file nor its password is in the row.
    const row = (await storedRow(owner.user.id))!;
    const sealed = Buffer.from(row.sealedFile, 'base64');
    expect(sealed.includes(pfx.subarray(0, 64))).toBe(false);
    expect(JSON.stringify(row)).not.toContain(CERTIFICATE_PASSWORD);
    const audit = await auditRowsOf(app, owner.user.id);
    expect(audit[0]).toMatchObject({ action: 'certificate.saved', actorUserId: owner.user.id });
    expect(JSON.stringify(audit[0]!.details)).not.toContain(CERTIFICATE_PASSWORD);

    // OpenSSL 3's default form (PBES2 with AES-256) is read too, and takes the place of the first.
    const aes = await ca.issueA1({ name: 'MARIANA TAVARES', cpf, form: 'aes' });
    const replaced = await putCertificate(app, owner.headers, aes, CERTIFICATE_PASSWORD);
    expect(replaced.statusCode).toBe(200);
    expect((await get()).json<TCertificate>().holder_name).toBe('MARIANA TAVARES');
    expect((await storedRow(owner.user.id))!.sealedFile).not.toBe(row.sealedFile);

    expect((await app.inject({ method: 'DELETE', url: URL, headers: owner.headers })).statusCode).toBe(204);
    expect((await get()).json()).toBeNull();
    expect(await storedRow(owner.user.id)).toBeUndefined();
    expect((await auditRowsOf(app, owner.user.id))[0]!.action).toBe('certificate.removed');
    expect((await app.inject({ method: 'DELETE', url: URL, headers: owner.headers })).statusCode).toBe(404);
  });

  it('keeps a certificate outside ICP-Brasil, saying why', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    const pfx = await outsider.issueA1({ name: 'MARIANA TAVARES', cpf: uniqueCpf() });
    const saved = await putCertificate(app, owner.headers, pfx, CERTIFICATE_PASSWORD);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TCertificate>()).toMatchObject({
      issuer: CA_NAME,
      icp_brasil: false,
      icp_brasil_problem: expect.stringMatching(
        /^a cadeia de MARIANA TAVARES:\d{11} não chega a uma AC Raiz da ICP-Brasil$/,
      ) as string,
    });
    expect((await auditRowsOf(app, owner.user.id))[0]!.details).toMatchObject({ icp_brasil: false });
  });

  it('takes the password before or after the file, and each professional sees only her own', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    const other = await createLoggedInUser(app);
    const body = await certificateForm({
      file: await ca.issueA1({ name: 'ANA LIMA', cpf: uniqueCpf() }),
      password: CERTIFICATE_PASSWORD,
      passwordFirst: true,
    });
    const saved = await app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(saved.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: URL, headers: other.headers })).json()).toBeNull();
    expect((await app.inject({ method: 'DELETE', url: URL, headers: other.headers })).statusCode).toBe(404);
    expect(await storedRow(owner.user.id)).toBeDefined();
  });

  it('refuses a wrong password, an expired or not yet valid certificate and what is no certificate, keeping nothing', async () => {
    const { app } = testApp;
    const owner = await createLoggedInUser(app);
    const cpf = uniqueCpf();
    const put = (file: Buffer | undefined, password?: string) => putCertificate(app, owner.headers, file, password);

    const wrong = await put(await ca.issueA1({ name: 'ANA LIMA', cpf, form: 'aes' }), 'outra senha');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      detail: [{ loc: ['body', 'password'], msg: 'Senha do certificado incorreta', type: 'value_error' }],
    });

    const expired = await put(
      await ca.issueA1({ name: 'ANA LIMA', cpf, startDate: opensslDate(-400), endDate: opensslDate(-2) }),
      CERTIFICATE_PASSWORD,
    );
    expect(expired.statusCode).toBe(422);
    expect(expired.json<{ detail: string }>().detail).toMatch(/^Certificado vencido em \d\d\/\d\d\/\d{4}/);

    const early = await put(
      await ca.issueA1({ name: 'ANA LIMA', cpf, startDate: opensslDate(3), endDate: opensslDate(300) }),
      CERTIFICATE_PASSWORD,
    );
    expect(early.statusCode).toBe(422);
    expect(early.json<{ detail: string }>().detail).toMatch(/^Certificado válido só a partir de/);

    const notCertificate = await put(Buffer.from('%PDF-1.7 não é um certificado'), CERTIFICATE_PASSWORD);
    expect(notCertificate.statusCode).toBe(422);
    expect(errorLocs(notCertificate)).toEqual([['body', 'file']]);

    const valid = await ca.issueA1({ name: 'ANA LIMA', cpf });
    expect(errorLocs(await put(valid))).toEqual([['body', 'password']]);
    expect(errorLocs(await put(valid, ''))).toEqual([['body', 'password']]);
    expect(errorLocs(await put(undefined, CERTIFICATE_PASSWORD))).toEqual([['body', 'file']]);
    expect(errorLocs(await put(Buffer.alloc(0), CERTIFICATE_PASSWORD))).toEqual([['body', 'file']]);
    expect((await put(Buffer.alloc(70 * 1024, 0x30), CERTIFICATE_PASSWORD)).statusCode).toBe(413);
    const json = await app.inject({ method: 'PUT', url: URL, headers: owner.headers, payload: { password: 'x' } });
    expect(json.statusCode).toBe(415);

    expect(await storedRow(owner.user.id)).toBeUndefined();
    expect((await auditRowsOf(app, owner.user.id)).some((row) => row.action === 'certificate.saved')).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const { app } = testApp;
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: URL })).statusCode).toBe(401);
    const body = await certificateForm({ file: Buffer.from('x'), password: 'x' });
    expect(
      (await app.inject({ method: 'PUT', url: URL, headers: body.headers, payload: body.payload })).statusCode,
    ).toBe(401);
  });
});
