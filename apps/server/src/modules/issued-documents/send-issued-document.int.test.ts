import type { TIssuedDocumentSent } from '@escriba/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import { issuedReceita, patientAccessLog } from '../../../test/issued-document-test-setup';
import { useTestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';
import { issuedDocuments } from '../../db/schema';
import type { App } from '../../platform/services';

const t = useTestApp((config) => ({
  ...config,
  rateLimits: { ...config.rateLimits, documentMails: { points: 2, durationSeconds: 3600 } },
}));
let patients = 0;
/** A patient's e-mail and phone; the e-mail another in each test, so that each counts its own mails. */
const contacts = (email = `paciente.${(patients += 1)}@exemplo.com.br`) => ({ email, phone: '(11) 98765-4321' });
type Headers = Record<string, string>;

const send = (
  app: App,
  headers: Headers,
  consultationId: string,
  publicId: string,
  channel: string,
  extra: Headers = {},
) =>
  app.inject({
    method: 'POST',
    url: consultationUrl(consultationId, `/issued-documents/${publicId}/send`),
    headers: { ...headers, ...extra },
    payload: { channel },
  });
const mailsTo = (to: string) => t.mailbox.sent.filter((mail) => mail.to === to);

describe('sending an issued document to the patient', () => {
  it('mails the address, the code and until when it opens, once per Idempotency-Key', async () => {
    const { app } = t;
    const email = 'joao.araujo@exemplo.com.br';
    const { owner, consultationId, issued } = await issuedReceita(app, contacts(email));
    const key = { 'idempotency-key': 'envio-1' };
    const response = await send(app, owner.headers, consultationId, issued.public_id, 'email', key);
    expect(response.statusCode, response.body).toBe(202);
    const answer = response.json<TIssuedDocumentSent>();
    expect(answer).toMatchObject({ channel: 'email', sent_to: 'jo•••@exemplo.com.br', whatsapp_url: null });
    expect(answer.detail).toBe('E-mail enviado para jo•••@exemplo.com.br.');

    const mail = await t.mailbox.next(email, /^Receita de Dra\. Mariana Conceição Tavares \(CRM/);
    expect(mail.text).toContain('Olá, João Antônio Araújo.');
    expect(mail.text).toContain('enviou a você o documento "Receita"');
    expect(mail.text).toContain(issued.url);
    expect(mail.text).toContain(`Código de acesso: ${issued.access_code}`);
    expect(mail.text).toMatch(/O endereço abre o documento até \d{2}\/\d{2}\/\d{4}, sempre com o código de acesso\./);
    expect(mail.text).toContain('Clínica Coração Saudável · (11) 3456-7890');
    expect(mail.html).toContain(`<a href="${issued.url}">`);
    expect(mail.html).toContain(`${issued.access_code}</strong>`);
    expect(answer.text).toBe(mail.text);

    const repeat = await send(app, owner.headers, consultationId, issued.public_id, 'email', key);
    expect(repeat.statusCode).toBe(202);
    expect(repeat.json()).toEqual(answer);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('gives the wa.me link with the message prefilled, to the patient’s phone or to a contact she picks', async () => {
    const { app } = t;
    const patient = contacts();
    const { owner, consultationId, issued } = await issuedReceita(app, patient);
    const response = await send(app, owner.headers, consultationId, issued.public_id, 'whatsapp');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<TIssuedDocumentSent>();
    expect(answer.sent_to).toBe('(11) •••••-4321');
    const link = new URL(answer.whatsapp_url!);
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/5511987654321');
    const text = link.searchParams.get('text')!;
    expect(text).toBe(answer.text);
    expect(text).toContain('o documento "Receita"');
    expect(text).toContain(`Abra em: ${issued.url}`);
    expect(text).toContain(`Código de acesso: ${issued.access_code}`);
    expect(t.mailbox.sent.filter((mail) => mail.text.includes(issued.access_code))).toHaveLength(0);

    const withoutPhone = await issuedReceita(app, { email: contacts().email });
    const picked = await send(
      app,
      withoutPhone.owner.headers,
      withoutPhone.consultationId,
      withoutPhone.issued.public_id,
      'whatsapp',
    );
    expect(picked.statusCode, picked.body).toBe(200);
    const pickedAnswer = picked.json<TIssuedDocumentSent>();
    expect(pickedAnswer.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(pickedAnswer.sent_to).toBeNull();
    expect(pickedAnswer.detail).toContain('escolha o contato no WhatsApp');
  });

  it('logs each send in the patient’s access log with its channel', async () => {
    const { app } = t;
    const patient = contacts();
    const { owner, consultationId, issued } = await issuedReceita(app, patient);
    expect((await send(app, owner.headers, consultationId, issued.public_id, 'email')).statusCode).toBe(202);
    expect((await send(app, owner.headers, consultationId, issued.public_id, 'whatsapp')).statusCode).toBe(200);
    const sends = (await patientAccessLog(app, owner.headers, consultationId))
      .filter((entry) => entry.action.startsWith('send_'))
      .map(({ action, record_kind, record_id, actor_user_id }) => ({ action, record_kind, record_id, actor_user_id }));
    const row = { record_kind: 'document_pdf', record_id: issued.public_id, actor_user_id: owner.user.id };
    expect(sends).toEqual([
      { action: 'send_whatsapp', ...row },
      { action: 'send_email', ...row },
    ]);
  });

  it('refuses a revoked address (409) and one past its days (410), sending nothing', async () => {
    const { app } = t;
    const patient = contacts();
    const { owner, consultationId, issued } = await issuedReceita(app, patient);
    const revokeUrl = consultationUrl(consultationId, `/issued-documents/${issued.public_id}/revoke`);
    expect((await app.inject({ method: 'POST', url: revokeUrl, headers: owner.headers })).statusCode).toBe(200);
    for (const channel of ['email', 'whatsapp']) {
      const refused = await send(app, owner.headers, consultationId, issued.public_id, channel);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ detail: string }>().detail).toMatch(/revogado/);
    }

    const old = await issuedReceita(app, patient);
    await app.db
      .update(issuedDocuments)
      .set({ issuedAt: sql`now() - interval '61 days'` })
      .where(eq(issuedDocuments.publicId, old.issued.public_id));
    const expired = await send(app, old.owner.headers, old.consultationId, old.issued.public_id, 'email');
    expect(expired.statusCode).toBe(410);
    expect(mailsTo(patient.email)).toHaveLength(0);
  });

  it('answers 422 naming patient.email when the record has none, and body.channel for an unknown channel', async () => {
    const { app } = t;
    const { owner, consultationId, issued } = await issuedReceita(app);
    const missing = await send(app, owner.headers, consultationId, issued.public_id, 'email');
    expect(missing.statusCode).toBe(422);
    expect(errorLocs(missing)).toEqual([['patient', 'email']]);
    expect(missing.body).toContain('O paciente não tem e-mail no cadastro');
    const unknown = await send(app, owner.headers, consultationId, issued.public_id, 'sms');
    expect(unknown.statusCode).toBe(422);
    expect(errorLocs(unknown)).toEqual([['body', 'channel']]);
  });

  it('limits e-mails per document with Retry-After; WhatsApp stays open', async () => {
    const { app } = t;
    const patient = contacts();
    const { owner, consultationId, issued } = await issuedReceita(app, patient);
    for (let sent = 0; sent < 2; sent++) {
      expect((await send(app, owner.headers, consultationId, issued.public_id, 'email')).statusCode).toBe(202);
    }
    const limited = await send(app, owner.headers, consultationId, issued.public_id, 'email');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<{ detail: string }>().detail).toMatch(/já foi enviado por e-mail 2 vezes na última hora/);
    expect((await send(app, owner.headers, consultationId, issued.public_id, 'whatsapp')).statusCode).toBe(200);
    expect(mailsTo(patient.email)).toHaveLength(2);
  });

  it('answers 401 without a session and 404 for another professional’s consultation or an unknown address', async () => {
    const { app } = t;
    const patient = contacts();
    const { owner, consultationId, issued } = await issuedReceita(app, patient);
    const url = consultationUrl(consultationId, `/issued-documents/${issued.public_id}/send`);
    expect((await app.inject({ method: 'POST', url, payload: { channel: 'email' } })).statusCode).toBe(401);
    const stranger = await createLoggedInUser(app);
    expect((await send(app, stranger.headers, consultationId, issued.public_id, 'email')).statusCode).toBe(404);
    const other = await issuedReceita(app, contacts());
    // Her address through another professional's consultation, or another's address through her consultation.
    expect((await send(app, owner.headers, other.consultationId, issued.public_id, 'whatsapp')).statusCode).toBe(404);
    expect((await send(app, owner.headers, consultationId, other.issued.public_id, 'whatsapp')).statusCode).toBe(404);
    expect((await send(app, owner.headers, consultationId, 'naoexiste', 'email')).statusCode).toBe(404);
    expect(mailsTo(patient.email)).toHaveLength(0);
  });
});
