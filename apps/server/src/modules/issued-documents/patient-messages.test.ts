import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDataDir } from '../../../test/data-dir';
import { parseMessage } from '../../../test/smtp-catcher';
import { createMailer } from '../../platform/mail/mailer';
import { documentMail, whatsappText, whatsappUrl, type DocumentNotice } from './patient-messages';

const NOTICE: DocumentNotice = {
  title: 'Receita',
  patientName: 'Ana <Bia> & Cia',
  professional: 'Dra. Mariana Tavares (CRM-SP 123456)',
  practice: { name: 'Clínica Coração Saudável', phone: '1134567890' },
  url: 'http://localhost:3000/v/acdefghjkmnp',
  code: 'ACDE-FGHJ',
  issuedAt: new Date('2026-11-26T17:30:00Z'),
  sharedUntil: new Date('2027-01-25T17:30:00Z'),
};

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map(removeDataDir)));

describe('the messages that take an issued document to its patient', () => {
  it('mails text and HTML with the link, the code and until when it opens, as the outbox writes it', async () => {
    const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-document-mail-'));
    dirs.push(outboxDir);
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Escriba <nao-responda@escriba.test>',
      outboxDir,
      log: pino({ level: 'silent' }),
    });
    await mailer.send(documentMail('ana@exemplo.com.br', NOTICE));
    mailer.close();
    const [file] = await readdir(outboxDir);
    const message = parseMessage(await readFile(path.join(outboxDir, file!), 'utf8'));

    expect(message.headers.to).toBe('ana@exemplo.com.br');
    expect(message.headers.subject).toBe('Receita de Dra. Mariana Tavares (CRM-SP 123456)');
    expect(message.text).toContain(
      'Olá, Ana <Bia> & Cia. Dra. Mariana Tavares (CRM-SP 123456) enviou a você o documento "Receita", emitido em 26/11/2026.',
    );
    expect(message.text).toContain(`${NOTICE.url}\nCódigo de acesso: ACDE-FGHJ`);
    expect(message.text).toContain('O endereço abre o documento até 25/01/2027, sempre com o código de acesso.');
    expect(message.text).toContain('Clínica Coração Saudável · (11) 3456-7890');
    expect(message.html).toContain(`<a href="${NOTICE.url}">${NOTICE.url}</a>`);
    expect(message.html).toContain('>ACDE-FGHJ</strong>');
    expect(message.html).toContain('Olá, Ana &#60;Bia&#62; &#38; Cia.');
  });

  it('opens WhatsApp at the patient’s number with the text, or at the contact list without one', () => {
    const text = whatsappText(NOTICE);
    expect(text.split('\n')).toEqual([
      'Olá, Ana <Bia> & Cia. Dra. Mariana Tavares (CRM-SP 123456) enviou a você o documento "Receita", emitido em 26/11/2026.',
      `Abra em: ${NOTICE.url}`,
      'Código de acesso: ACDE-FGHJ',
      'O endereço abre o documento até 25/01/2027, sempre com o código de acesso.',
    ]);
    expect(whatsappUrl('11987654321', text)).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent(text)}`);
    expect(new URL(whatsappUrl(null, text)).searchParams.get('text')).toBe(text);
    expect(whatsappUrl(null, text)).toMatch(/^https:\/\/wa\.me\/\?text=/);
  });
});
