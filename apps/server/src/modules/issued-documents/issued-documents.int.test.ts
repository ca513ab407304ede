import type { TIssuedDocument, TPublicDocument, TValidadorItiAnswer } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeNote } from '../../../test/anamnesis-pdf-test-setup';
import { errorLocs } from '../../../test/account-requests';
import { putCertificate } from '../../../test/certificate-requests';
import { CERTIFICATE_PASSWORD, useCertificateAuthority } from '../../../test/certificates';
import { createLoggedInUser, uniqueCpf } from '../../../test/factories';
import { issue, issuedList, issuedReceita, patientAccessLog } from '../../../test/issued-document-test-setup';
import { pdfQrCodes, pdfText } from '../../../test/pdf-tools';
import { expectSignedBy } from '../../../test/signature-checks';
import { useTestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';
import { issuedDocuments } from '../../db/schema';
import type { App } from '../../platform/services';

const t = useTestApp((config) => ({
  ...config,
  rateLimits: { ...config.rateLimits, documentCodeFailures: { points: 3, durationSeconds: 3600 } },
}));
const ca = useCertificateAuthority();
const ITI = 'application/validador-iti+json';

let addresses = 0;
/** ITI VALIDAR's call, from another address each time unless told (the wrong codes of one address are limited). */
const validate = (app: App, publicId: string, code?: string, remoteAddress = `203.0.113.${(addresses += 1)}`) =>
  app.inject({
    method: 'GET',
    url: `/v/${publicId}?_format=${encodeURIComponent(ITI)}${code === undefined ? '' : `&_secretCode=${code}`}`,
    remoteAddress,
  });
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe('issued documents: a QR code, an address and a code', () => {
  it('prints the address as a QR code and the code on every page; the list gives both', async () => {
    const { pdf, issued } = await issuedReceita(t.app);
    expect(issued).toMatchObject({ kind: 'receita', version: 1, signed_by: null, revoked_at: null });
    expect(issued.url).toBe(`http://localhost:3000/v/${issued.public_id}`);
    expect(issued.access_code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4}$/);
    expect(await pdfQrCodes(pdf)).toEqual([issued.url]);
    const text = await pdfText(pdf);
    expect(text).toContain('Confira este documento em');
    expect(text).toContain(`com o código ${issued.access_code}`);
  });

  it('answers ITI VALIDAR with the PDF’s address for the right code, 401 for a wrong one, 404 for an unknown one', async () => {
    const { app } = t;
    const { pdf, issued } = await issuedReceita(app);
    const right = await validate(app, issued.public_id, issued.access_code.toLowerCase().replace('-', ''));
    expect(right.statusCode, right.body).toBe(200);
    const answer = right.json<TValidadorItiAnswer>();
    expect(answer.version).toBe('1.0.0');
    const [file] = answer.prescription.signatureFiles;
    const opened = await app.inject({ method: 'GET', url: pathOf(file!.url) });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.equals(pdf)).toBe(true);

    expect((await validate(app, issued.public_id, 'ACDE-FGHJ')).statusCode).toBe(401);
    expect((await validate(app, issued.public_id)).statusCode).toBe(401);
    expect((await validate(app, 'naoexiste1234', issued.access_code)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `${pathOf(file!.url).split('?')[0]}?_secretCode=XXXX` })).statusCode,
    ).toBe(401);
    const badFormat = await app.inject({ method: 'GET', url: `/v/${issued.public_id}?_format=text/html` });
    expect(badFormat.statusCode).toBe(422);
    expect(errorLocs(badFormat)).toEqual([['querystring', '_format']]);
  });

  it('gives the public page what it shows once the code is right', async () => {
    const { app } = t;
    const { issued } = await issuedReceita(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/public/documents/${issued.public_id}?code=${issued.access_code}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json<TPublicDocument>();
    expect(shown).toMatchObject({
      kind: 'receita',
      title: 'Receita',
      professional: 'Dra. Mariana Conceição Tavares',
      signed_by: null,
    });
    expect(shown.credentials).toMatch(/^CRM/);
    expect(Date.parse(shown.shared_until) - Date.parse(shown.issued_at)).toBe(60 * 86_400_000);
  });

  it('limits wrong codes per document and per address, with Retry-After', async () => {
    const { app } = t;
    const { issued } = await issuedReceita(app);
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await validate(app, issued.public_id, 'ACDE-FGHJ', address)).statusCode).toBe(401);
    }
    const limited = await validate(app, issued.public_id, issued.access_code, '198.51.100.4');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const other = await issuedReceita(app);
    for (const publicId of ['desconhecido1', 'desconhecido2', 'desconhecido3']) {
      expect((await validate(app, publicId, 'ACDE-FGHJ', '198.51.100.9')).statusCode).toBe(404);
    }
    expect((await validate(app, other.issued.public_id, other.issued.access_code, '198.51.100.9')).statusCode).toBe(
      429,
    );
  });

  it('logs every use, right or wrong, in the patient’s access log as an access by the document’s code', async () => {
    const { app } = t;
    const { issued, owner, consultationId } = await issuedReceita(app);
    await validate(app, issued.public_id, 'ACDE-FGHJ', '192.0.2.10');
    await validate(app, issued.public_id, issued.access_code, '192.0.2.11');
    const [row] = await app.db.select().from(issuedDocuments).where(eq(issuedDocuments.publicId, issued.public_id));
    const byCode = (await patientAccessLog(app, owner.headers, consultationId))
      .filter((entry) => entry.actor_role === 'document_code')
      .map(({ action, ip, record_id, actor_user_id }) => ({ action, ip, record_id, actor_user_id }));
    expect(byCode).toEqual([
      { action: 'read', ip: '192.0.2.11', record_id: row!.documentId, actor_user_id: null },
      { action: 'refused', ip: '192.0.2.10', record_id: row!.documentId, actor_user_id: null },
    ]);
  });

  it('revokes an address: 404 with the reason, for the validator and the PDF; only her own, 404 for another’s', async () => {
    const { app } = t;
    const { issued, owner, consultationId } = await issuedReceita(app);
    const revokeUrl = consultationUrl(consultationId, `/issued-documents/${issued.public_id}/revoke`);
    const stranger = await createLoggedInUser(app);
    expect((await app.inject({ method: 'POST', url: revokeUrl, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: revokeUrl })).statusCode).toBe(401);
    const revoked = await app.inject({ method: 'POST', url: revokeUrl, headers: owner.headers });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<TIssuedDocument>().revoked_at).not.toBeNull();
    const again = await app.inject({ method: 'POST', url: revokeUrl, headers: owner.headers });
    expect(again.json<TIssuedDocument>().revoked_at).toBe(revoked.json<TIssuedDocument>().revoked_at);

    const refused = await validate(app, issued.public_id, issued.access_code);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ detail: string }>().detail).toMatch(/revogado/);
    const pdf = await app.inject({
      method: 'GET',
      url: `/v/${issued.public_id}/pdf?_secretCode=${issued.access_code}`,
    });
    expect(pdf.statusCode).toBe(404);
    const unknown = consultationUrl(consultationId, '/issued-documents/naoexiste/revoke');
    expect((await app.inject({ method: 'POST', url: unknown, headers: owner.headers })).statusCode).toBe(404);
  });

  it('signs and issues at once; a corrected version issued gets its own address and code', async () => {
    const { app } = t;
    const { owner, consultationId, documentId, issued: printed } = await issuedReceita(app);
    const pfx = await ca.issueA1({ name: 'MARIANA CONCEICAO TAVARES', cpf: uniqueCpf() });
    expect((await putCertificate(app, owner.headers, pfx, CERTIFICATE_PASSWORD)).statusCode).toBe(200);
    const signed = await app.inject({
      method: 'POST',
      url: consultationUrl(consultationId, `/documents/${documentId}/pdf/signed`),
      headers: owner.headers,
      payload: { password: CERTIFICATE_PASSWORD },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await expectSignedBy(signed.rawPayload, 'MARIANA CONCEICAO TAVARES');
    const [latest, earlier] = await issuedList(app, owner.headers, consultationId);
    expect(earlier!.public_id).toBe(printed.public_id);
    expect(latest).toMatchObject({ signed_by: 'MARIANA CONCEICAO TAVARES' });
    expect(latest!.public_id).not.toBe(printed.public_id);
    expect(latest!.access_code).not.toBe(printed.access_code);
    expect(await pdfQrCodes(signed.rawPayload)).toEqual([latest!.url]);
    const served = await app.inject({
      method: 'GET',
      url: `/v/${latest!.public_id}/pdf?_secretCode=${latest!.access_code}`,
    });
    expect(served.rawPayload.equals(signed.rawPayload)).toBe(true);
  });

  it('issues the note as well; deleting a document ends its addresses and removes its files', async () => {
    const { app } = t;
    const { owner, consultationId, documentId, issued } = await issuedReceita(app);
    await storeNote(app, owner.user.id, consultationId);
    const note = await app.inject({
      method: 'POST',
      url: consultationUrl(consultationId, '/anamnesis/pdf/issued'),
      headers: owner.headers,
    });
    expect(note.statusCode, note.body).toBe(200);
    const [issuedNote] = await issuedList(app, owner.headers, consultationId);
    expect(issuedNote).toMatchObject({ kind: 'anamnesis', document_id: null });
    expect(await pdfQrCodes(note.rawPayload)).toEqual([issuedNote!.url]);

    const [row] = await app.db.select().from(issuedDocuments).where(eq(issuedDocuments.publicId, issued.public_id));
    const deleted = await app.inject({
      method: 'DELETE',
      url: consultationUrl(consultationId, `/documents/${documentId}`),
      headers: owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await validate(app, issued.public_id, issued.access_code)).statusCode).toBe(404);
    expect(await app.storage.get(row!.storageKey)).toBeUndefined();
    expect(await issuedList(app, owner.headers, consultationId)).toHaveLength(1);
  });

  it('answers 404 for another professional’s consultation and 401 without a session', async () => {
    const { app } = t;
    const { consultationId, documentId } = await issuedReceita(app);
    const stranger = await createLoggedInUser(app);
    expect((await issue(app, stranger.headers, consultationId, documentId)).statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: consultationUrl(consultationId, '/issued-documents'),
      headers: stranger.headers,
    });
    expect(list.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: consultationUrl(consultationId, '/issued-documents') })).statusCode,
    ).toBe(401);
  });
});
