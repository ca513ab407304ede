import { eq } from 'drizzle-orm';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestInstance, type TestInstance } from '../../../test/backup-instance';
import { useCertificateAuthority } from '../../../test/certificates';
import { uniqueCpf } from '../../../test/factories';
import {
  certificateOf,
  createSigningScene,
  runOps,
  sealAsBefore,
  signNote,
  startApp,
} from '../../../test/secrets-scenes';
import { startServerProcess } from '../../../test/server-process';
import { appSecrets, userCertificates } from '../../db/schema/index';
import { findPscProvider } from '../../modules/psc-providers/psc-provider-store';
import { savePscProvider } from '../../modules/psc-providers/save-psc-provider';
import { randomToken } from '../crypto';
import { createKeyFile, defaultKeyFile } from './key-file';
import { sealedKeyId } from './secret-seal';
import { formatSecretsKey, generateSecretsKey, parseSecretsKey } from './secrets-key';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ca = useCertificateAuthority();
const instances: TestInstance[] = [];
afterAll(async () => {
  for (const instance of instances) await instance.close();
});

async function newInstance(): Promise<TestInstance> {
  const instance = await createTestInstance('disk', 'migrated');
  instances.push(instance);
  return instance;
}

const logged = (log: string[], pattern: RegExp) => log.some((line) => pattern.test(line));

describe.runIf(!onPostgres)('the embedded database', () => {
  it('writes a key file beside DATA_DIR at its first start (and says where), readable by its owner alone; later starts read it', async () => {
    const instance = await newInstance();
    const { dataDir } = instance.config;
    const keyFile = defaultKeyFile(dataDir);
    expect(path.relative(dataDir, keyFile)).toMatch(/^\.\./);

    const log: string[] = [];
    let app = await startApp(instance, {}, log);
    const scene = await createSigningScene(app, ca);
    await app.close();
    expect(logged(log, new RegExp(`Wrote the key that seals A1 certificates and PSC tokens to ${keyFile}`))).toBe(true);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = parseSecretsKey(await readFile(keyFile, 'utf8'), keyFile);

    const later: string[] = [];
    app = await startApp(instance, {}, later);
    try {
      expect(logged(later, /Wrote the key/)).toBe(false);
      expect(await certificateOf(app, scene)).toMatchObject({ key_status: 'available' });
      expect((await signNote(app, scene)).statusCode).toBe(200);
      const [row] = await app.db.select().from(userCertificates).where(eq(userCertificates.userId, scene.userId));
      expect(sealedKeyId(row!.sealedFile)).toBe(key.id);
    } finally {
      await app.close();
    }
  }, 180_000);
});

describe('an upgrade from a version that kept the seal key in the database', () => {
  it(`moves it out once: ${onPostgres ? 'refused without SECRETS_KEY, then' : 'into the key file,'} certificates re-sealed, the row deleted, signing works`, async () => {
    const instance = await newInstance();
    const legacyKey = randomToken();
    // The state an earlier version left: its key in app_secrets, the certificate sealed with it.
    let app = await startApp(instance, { SECRETS_KEY: formatSecretsKey(generateSecretsKey()) });
    const scene = await createSigningScene(app, ca);
    const pfx = await ca.issueA1({ name: 'HELENA BARBOSA DUARTE', cpf: uniqueCpf() });
    await app.db.insert(appSecrets).values({ name: 'certificate_seal', value: legacyKey });
    await app.db
      .update(userCertificates)
      .set({ sealedFile: sealAsBefore(legacyKey, pfx, scene.userId) })
      .where(eq(userCertificates.userId, scene.userId));
    await app.close();

    const key = generateSecretsKey();
    if (onPostgres) {
      await expect(startApp(instance)).rejects.toThrow(
        /^SECRETS_KEY is not set and the database still holds the key that seals the A1 certificates.*docs\/DEPLOY\.md/,
      );
    }
    const log: string[] = [];
    app = await startApp(instance, onPostgres ? { SECRETS_KEY: formatSecretsKey(key) } : {}, log);
    try {
      const keyId = onPostgres
        ? key.id
        : parseSecretsKey(await readFile(defaultKeyFile(instance.config.dataDir), 'utf8'), 'file').id;
      expect(
        logged(
          log,
          new RegExp(`Moved the seal key out of the database: 1 sealed secret\\(s\\) re-sealed under key ${keyId}`),
        ),
      ).toBe(true);
      expect(await app.db.select().from(appSecrets).where(eq(appSecrets.name, 'certificate_seal'))).toEqual([]);
      const [row] = await app.db.select().from(userCertificates).where(eq(userCertificates.userId, scene.userId));
      expect(sealedKeyId(row!.sealedFile)).toBe(keyId);
      expect((await signNote(app, scene)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 180_000);
});

describe.runIf(onPostgres)('PostgreSQL without SECRETS_KEY', () => {
  it('starts while nothing is sealed (an upload says the key is missing), and the real process refuses once something is, naming the variable', async () => {
    const instance = await newInstance();
    const log: string[] = [];
    let app = await startApp(instance, {}, log);
    try {
      expect(logged(log, /SECRETS_KEY is not set: A1 and cloud certificates cannot be kept until it is/)).toBe(true);
      await expect(createSigningScene(app, ca)).rejects.toThrow(
        'certificate: 409 {"detail":"O servidor está sem a chave que protege os certificados digitais (SECRETS_KEY)',
      );
    } finally {
      await app.close();
    }
    app = await startApp(instance, { SECRETS_KEY: formatSecretsKey(generateSecretsKey()) });
    await createSigningScene(app, ca);
    await app.close();

    await expect(startServerProcess({ ...instance.env, LOG_LEVEL: 'info' })).rejects.toThrow(
      /the server exited \(1\) before listening:\nSECRETS_KEY is not set and the database holds 1 sealed secret\(s\) \(A1 certificates, PSC tokens\) that only their key opens: set SECRETS_KEY or SECRETS_KEY_FILE to that key \(docs\/DEPLOY\.md, "The secrets key"\)\n$/,
    );
    await expect(
      startServerProcess({ ...instance.env, SECRETS_KEY_FILE: path.join(instance.config.dataDir, 'nada.key') }),
    ).rejects.toThrow(/SECRETS_KEY_FILE names .*nada\.key, which does not exist/);
  }, 180_000);
});

describe('npm run rotate-secrets-key', () => {
  it('re-seals every secret under a new key in one go: the old key opens nothing, the new one signs', async () => {
    const instance = await newInstance();
    const oldKey = generateSecretsKey();
    const keyFile = defaultKeyFile(instance.config.dataDir);
    // PostgreSQL takes its key from SECRETS_KEY; the embedded database from its key file.
    const keyEnv: Record<string, string> = onPostgres ? { SECRETS_KEY: formatSecretsKey(oldKey) } : {};
    if (!onPostgres) await createKeyFile(keyFile, oldKey);
    let app = await startApp(instance, keyEnv);
    const scenes = [await createSigningScene(app, ca), await createSigningScene(app, ca)];
    // A PSC provider made on the System page: its client secret is sealed too.
    const origin = { ip: '127.0.0.1', userAgent: null };
    const provider = { name: 'BirdID', base_url: 'https://api.birdid.com.br', client_id: 'escriba' };
    await savePscProvider(
      app,
      'birdid',
      { ...provider, client_secret: 'segredo-do-psc' },
      { userId: scenes[0]!.userId, origin },
    );
    await app.close();

    const malformed = await runOps(['rotate-secrets-key'], { ...instance.env, ...keyEnv, NEW_SECRETS_KEY: 'curta!' });
    expect(malformed).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^NEW_SECRETS_KEY is not a key/) as string,
    });

    const rotated = await runOps(['rotate-secrets-key'], { ...instance.env, ...keyEnv });
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/^Re-sealed 3 secret\(s\) under the new key [\da-f]{12}/);
    const newKey = onPostgres
      ? parseSecretsKey(rotated.stdout.split('\n')[2]!, 'stdout')
      : parseSecretsKey(await readFile(keyFile, 'utf8'), keyFile);
    expect(newKey.id).not.toBe(oldKey.id);
    if (!onPostgres) {
      expect(parseSecretsKey(await readFile(`${keyFile}.old`, 'utf8'), 'old').id).toBe(oldKey.id);
      expect(rotated.stdout).toContain(`written to ${keyFile}`);
    }

    app = await startApp(instance, { SECRETS_KEY: formatSecretsKey(oldKey) });
    try {
      for (const scene of scenes) {
        expect(await certificateOf(app, scene)).toMatchObject({ key_status: 'different' });
        const refused = await signNote(app, scene);
        expect(refused.statusCode).toBe(409);
        expect(refused.json<{ detail: string }>().detail).toMatch(/não é a mesma com que seu certificado foi guardado/);
      }
    } finally {
      await app.close();
    }
    app = await startApp(instance, { SECRETS_KEY: formatSecretsKey(newKey) });
    try {
      for (const scene of scenes) expect((await signNote(app, scene)).statusCode).toBe(200);
      expect((await findPscProvider(app, 'birdid'))?.clientSecret).toBe('segredo-do-psc');
    } finally {
      await app.close();
    }
  }, 240_000);
});
