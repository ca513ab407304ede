import { CERTIFICATE_KEY_PROBLEMS } from '@escriba/contract';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInstance, type TestInstance } from '../../test/backup-instance';
import { useCertificateAuthority } from '../../test/certificates';
import {
  certificateOf,
  createSigningScene,
  HOLDER,
  signNote,
  startApp,
  unsignedNote,
  type SigningScene,
} from '../../test/secrets-scenes';
import { defaultKeyFile } from '../platform/secrets/key-file';
import { formatSecretsKey, generateSecretsKey, parseSecretsKey } from '../platform/secrets/secrets-key';
import type { App } from '../platform/services';
import { backUp } from './backup';
import { restore } from './restore';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ca = useCertificateAuthority();

let source: TestInstance;
let target: TestInstance;
let folder: string;
beforeAll(async () => {
  source = await createTestInstance('disk', 'migrated');
  target = await createTestInstance('disk');
  folder = await mkdtemp(path.join(os.tmpdir(), 'escriba-backup-secrets-'));
});
afterAll(async () => {
  await source.close();
  await target.close();
  await rm(folder, { recursive: true, force: true });
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Everything but the certificate works: the patients, the note's PDF to sign by hand. */
async function expectAllButSigning(app: App, scene: SigningScene): Promise<void> {
  const patients = await app.inject({ method: 'GET', url: '/api/v1/user/patients/', headers: scene.headers });
  expect(patients.statusCode).toBe(200);
  expect(patients.body).toContain('João Antônio Araújo');
  const pdf = await unsignedNote(app, scene);
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
}

describe(`a backup and the secrets key (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('never holds the key: restored without it no certificate opens (said plainly, all else works); with it, signing works', async () => {
    // PostgreSQL takes its key from SECRETS_KEY; the embedded database writes its key file at the first start.
    const sourceKey = generateSecretsKey();
    let app = await startApp(source, onPostgres ? { SECRETS_KEY: formatSecretsKey(sourceKey) } : {});
    const scene = await createSigningScene(app, ca);
    expect((await signNote(app, scene)).statusCode).toBe(200);
    await app.close();
    const key = onPostgres
      ? sourceKey
      : parseSecretsKey(await readFile(defaultKeyFile(source.config.dataDir), 'utf8'), 'key file');

    await backUp(source.config, folder, () => undefined);
    for (const file of await filesUnder(folder)) {
      const content = await readFile(file);
      expect(content.includes(key.bytes), file).toBe(false);
      expect(content.includes(formatSecretsKey(key)), file).toBe(false);
    }
    await restore(target.config, folder, () => undefined);

    // Without the key: PostgreSQL refuses to start; with another key, or the embedded database without its file,
    // the app runs and every certificate says why it cannot sign.
    const targetKeyFile = defaultKeyFile(target.config.dataDir);
    if (onPostgres) await expect(startApp(target)).rejects.toThrow(/^SECRETS_KEY is not set and the database holds 1/);
    const log: string[] = [];
    app = await startApp(target, onPostgres ? { SECRETS_KEY: formatSecretsKey(generateSecretsKey()) } : {}, log);
    const problem = onPostgres ? 'different' : 'missing';
    try {
      if (!onPostgres) {
        expect(log.some((line) => line.includes(`No secrets key at ${targetKeyFile}`))).toBe(true);
        await expect(stat(targetKeyFile)).rejects.toThrow('ENOENT');
      }
      expect(await certificateOf(app, scene)).toMatchObject({ holder_name: HOLDER, key_status: problem });
      const refused = await signNote(app, scene);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: CERTIFICATE_KEY_PROBLEMS[problem] });
      await expectAllButSigning(app, scene);
    } finally {
      await app.close();
    }

    if (!onPostgres) await writeFile(targetKeyFile, `${formatSecretsKey(key)}\n`, { mode: 0o600 });
    app = await startApp(target, onPostgres ? { SECRETS_KEY: formatSecretsKey(key) } : {});
    try {
      expect(await certificateOf(app, scene)).toMatchObject({ key_status: 'available' });
      const signed = await signNote(app, scene);
      expect(signed.statusCode).toBe(200);
      expect(signed.headers['content-type']).toBe('application/pdf');
    } finally {
      await app.close();
    }
  }, 300_000);
});
