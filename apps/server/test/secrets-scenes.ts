// What the secrets-key tests share: an instance's app started with a given key, a professional who signs her
// note with her A1 certificate, and a certificate sealed as versions before issue 33 sealed it.
import type { TCertificate } from '@escriba/contract';
import { spawn } from 'node:child_process';
import { hkdfSync } from 'node:crypto';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { encrypt } from '../src/platform/secrets/aes-gcm';
import type { App } from '../src/platform/services';
import { createPdfScene, notePdfUrl, signedPdfUrl, storeNote } from './anamnesis-pdf-test-setup';
import type { TestInstance } from './backup-instance';
import { putCertificate } from './certificate-requests';
import { CERTIFICATE_PASSWORD, type TestCertificateAuthority } from './certificates';
import { uniqueCpf } from './factories';
import { Mailbox } from './mailbox';
import { serverEntryArguments } from './server-build';

export const HOLDER = 'HELENA BARBOSA DUARTE';

/** The instance's app with `env` on top of its environment; its log lines (info and up) in `log`. */
export function startApp(instance: TestInstance, env: Record<string, string> = {}, log: string[] = []): Promise<App> {
  const config = loadConfig({ ...instance.env, LOG_LEVEL: 'info', ...env });
  return buildApp(config, { mailer: new Mailbox(), logStream: { write: (line: string) => void log.push(line) } });
}

export interface SigningScene {
  userId: string;
  headers: Record<string, string>;
  consultationId: string;
}

/** A physician with a note of a patient; her A1 certificate uploaded unless `withCertificate` is false. */
export async function createSigningScene(
  app: App,
  ca: TestCertificateAuthority,
  withCertificate = true,
): Promise<SigningScene> {
  const { owner, consultationId } = await createPdfScene(app);
  await storeNote(app, owner.user.id, consultationId);
  if (withCertificate) {
    const pfx = await ca.issueA1({ name: HOLDER, cpf: uniqueCpf() });
    const response = await putCertificate(app, owner.headers, pfx, CERTIFICATE_PASSWORD);
    if (response.statusCode !== 200) throw new Error(`certificate: ${response.statusCode} ${response.body}`);
  }
  return { userId: owner.user.id, headers: owner.headers, consultationId };
}

/** POST the note's signed PDF with the certificate's password. */
export const signNote = (app: App, scene: SigningScene) =>
  app.inject({
    method: 'POST',
    url: signedPdfUrl(scene.consultationId),
    headers: scene.headers,
    payload: { password: CERTIFICATE_PASSWORD },
  });

/** GET the note's PDF unsigned (it ends with a line to sign by hand). */
export const unsignedNote = (app: App, scene: SigningScene) =>
  app.inject({ method: 'GET', url: notePdfUrl(scene.consultationId), headers: scene.headers });

export async function certificateOf(app: App, scene: SigningScene): Promise<TCertificate> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/user/me/certificate', headers: scene.headers });
  return response.json<TCertificate>();
}

/** `data` sealed as before issue 33: a key derived from app_secrets' `certificate_seal` text, no key id. */
export function sealAsBefore(secret: string, data: Buffer, owner: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'user-certificates', 32));
  return encrypt(key, data, owner).toString('base64');
}

/** `npm run <args>` of the server's ops command (this run's bundle), with `env`. */
export function runOps(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...serverEntryArguments('ops'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
