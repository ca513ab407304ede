import { mkdir, mkdtemp, readdir, readFile, stat, watch } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forgotPassword,
  postToken,
  postUser,
  signUpBody,
  SIGN_UP_PASSWORD,
  verifyAccount,
  WITH_SIGN_UP_PASSWORD,
} from '../../../test/account-requests';
import { createTestUser } from '../../../test/factories';
import { parseMessage, SmtpCatcher } from '../../../test/smtp-catcher';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { App } from '../services';
import { createMailer } from './mailer';
import { removeDataDir } from '../../../test/data-dir';

const MAIL_FROM = 'Escriba Teste <nao-responda@escriba.test>';

// The one app of this file sends real SMTP to a server on loopback: no test mailbox in between.
let smtp: SmtpCatcher;
let dataDir: string;
let database: DatabaseHandle;
let app: App;
beforeAll(async () => {
  smtp = await SmtpCatcher.start();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'escriba-mail-test-'));
  database = await openTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  app = await buildApp(config, { database });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.close();
  await removeDataDir(dataDir);
});

function codeIn(text: string): string {
  const match = /[?&]code=([^\s&]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No code in ${text}`);
  return decodeURIComponent(match[1]);
}

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers the verification mail in Portuguese with a code that confirms the account', async () => {
    const body = signUpBody({ name: 'Dr. João Conceição' });
    expect((await postUser(app, body)).statusCode).toBe(202);
    const mail = await smtp.next(body.email);

    expect(mail.from).toBe('nao-responda@escriba.test');
    expect(mail.headers.from).toContain('nao-responda@escriba.test');
    expect(mail.headers.to).toBe(body.email);
    expect(mail.headers.subject).toBe('Confirme seu e-mail no Escriba');
    expect(mail.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/i);
    // The address is not proved to be the signer's yet, so nothing typed at sign-up is in the mail.
    expect(mail.text).not.toContain('João');
    expect(mail.text).toContain('Olá.');
    expect(mail.text).toContain('Para ativar sua conta no Escriba, confirme seu e-mail');
    expect(mail.text).toContain('só pode ser usado uma vez');
    expect(mail.text).toContain('http://localhost:3000/account-verification?code=');
    expect(mail.raw).not.toContain(SIGN_UP_PASSWORD);

    const code = codeIn(mail.text);
    expect((await postToken(app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(403);
    expect((await verifyAccount(app, code, WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
    expect((await verifyAccount(app, code)).json()).toMatchObject({ already_verified: true });
    expect((await postToken(app, body.email, SIGN_UP_PASSWORD)).statusCode).toBe(200);
  });

  it('delivers the password-reset mail with a working code', async () => {
    const account = await createTestUser(app);
    expect((await forgotPassword(app, { email: account.email, cpf: account.user.cpf! })).statusCode).toBe(202);
    const mail = await smtp.next(account.email);
    expect(mail.headers.subject).toBe('Redefinição de senha do Escriba');
    expect(mail.text).toContain('Recebemos um pedido para redefinir a senha da sua conta.');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/user/reset-password',
      query: { code: codeIn(mail.text), new_password: 'senha trocada por e-mail' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await postToken(app, account.email, 'senha trocada por e-mail')).statusCode).toBe(200);
  });

  it('reports a delivery failure to its caller when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: MAIL_FROM, outboxDir: dataDir, log: app.log });
    await expect(mailer.send({ to: 'ninguem@clinica.test', subject: 'x', text: 'y' })).rejects.toThrow();
    mailer.close();
  });
});

describe('mail to the outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox and logs its subject', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ smtpUrl: undefined, from: MAIL_FROM, outboxDir, log });
    const text = ['Olá, Dra. Inês.', '', 'Confirme: http://localhost:3000/account-verification?code=abc_123-XYZ'].join(
      '\n',
    );
    await mailer.send({ to: 'ines@clinica.test', subject: 'Confirme seu e-mail no Escriba', text });
    await mailer.send({ to: 'ines@clinica.test', subject: 'Redefinição de senha do Escriba', text: 'Olá de novo.' });
    mailer.close();

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/\.eml$/);
    const messages = await Promise.all(
      files.map(async (file) => parseMessage(await readFile(path.join(outboxDir, file), 'utf8'))),
    );
    const verification = messages.find((message) => message.headers.subject === 'Confirme seu e-mail no Escriba');
    expect(verification).toBeDefined();
    expect(verification!.headers.to).toBe('ines@clinica.test');
    expect(verification!.headers.from).toContain('nao-responda@escriba.test');
    expect(verification!.text.trim()).toBe(text);
    expect(codeIn(verification!.text)).toBe('abc_123-XYZ');
    expect(messages.map((message) => message.headers.subject)).toContain('Redefinição de senha do Escriba');

    // Only the owner may read the files: they hold single-use codes.
    expect((await stat(path.join(outboxDir, files[0]!))).mode & 0o777).toBe(0o600);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; subject?: string });
    expect(
      logged
        .filter((entry) => entry.msg === 'mail written to outbox')
        .map((entry) => entry.subject)
        .sort(),
    ).toEqual(['Confirme seu e-mail no Escriba', 'Redefinição de senha do Escriba']);
    expect(lines.join('\n')).not.toContain('abc_123-XYZ');
  });

  it('is what the app uses without SMTP_URL: sign-up leaves the verification mail in DATA_DIR/outbox', async () => {
    const outboxData = await mkdtemp(path.join(os.tmpdir(), 'escriba-outbox-test-'));
    const outboxDatabase = await openTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: outboxData,
      WEB_DIST_DIR: path.join(outboxData, 'none'),
    });
    const outboxApp = await buildApp(config, { database: outboxDatabase });
    try {
      const body = signUpBody();
      expect((await postUser(outboxApp, body)).statusCode).toBe(202);
      const message = parseMessage(await waitForMessage(path.join(outboxData, 'outbox')));
      expect(message.headers.to).toBe(body.email);
      expect(message.headers.subject).toBe('Confirme seu e-mail no Escriba');
      expect((await verifyAccount(outboxApp, codeIn(message.text), WITH_SIGN_UP_PASSWORD)).statusCode).toBe(200);
    } finally {
      await outboxApp.close();
      await outboxDatabase.close();
      await removeDataDir(outboxData);
    }
  });
});

/** The text of the first complete .eml in `dir`, waiting (on file-system events) up to `timeoutMs`. */
async function waitForMessage(dir: string, timeoutMs = 5_000): Promise<string> {
  await mkdir(dir, { recursive: true });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const events = watch(dir, { signal: controller.signal })[Symbol.asyncIterator]();
    for (;;) {
      for (const name of (await readdir(dir)).filter((file) => file.endsWith('.eml'))) {
        const text = await readFile(path.join(dir, name), 'utf8');
        // The file is created before it is written: wait for the whole message.
        if (/\r?\n\r?\n[\s\S]*code=/.test(text)) return text;
      }
      await events.next();
    }
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`No complete .eml in ${dir} within ${timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
