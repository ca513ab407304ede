import { afterAll, beforeAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import type { App } from '../src/platform/services';
import { testAnchorsDir } from './certificates';
import { Mailbox } from './mailbox';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  mailbox: Mailbox;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The seal key of every test app of this test file (apps sharing a database must share it). */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

/**
 * The real application on a fresh database. With TEST_REDIS_URL set it uses Redis for pub/sub and
 * rate limits (under a prefix of its own, so test files never share counters). `shareWith` makes a
 * second instance on the same database and Redis prefix, as behind a load balancer. `build` gives the
 * app a log stream or the voice activity threads' code.
 */
export async function createTestApp(
  configure: (config: Config) => Config = (config) => config,
  shareWith?: TestApp,
  build: Pick<BuildOptions, 'logStream' | 'voiceActivityScript'> = {},
): Promise<TestApp> {
  // Instances of one deployment share their files (a volume or a bucket) as they share the database.
  const dataDir = shareWith?.config.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'escriba-test-')));
  const config = configure(
    loadConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Closing an app hands its running jobs back after this long, instead of the production 20 s.
      SHUTDOWN_GRACE_SECONDS: '1',
      DATA_DIR: dataDir,
      REDIS_URL: process.env.TEST_REDIS_URL,
      REDIS_PREFIX: shareWith?.config.redisPrefix ?? `escriba-test-${randomBytes(4).toString('hex')}:`,
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      SECRETS_KEY: TEST_SECRETS_KEY,
      // The tests' own ACs stand for ICP-Brasil's (test/certificates.ts).
      ICP_BRASIL_EXTRA_ANCHORS_DIR: testAnchorsDir(),
    }),
  );
  const database = shareWith?.database ?? (await openTestDatabase());
  const mailbox = new Mailbox();
  const app = await buildApp(config, { ...build, database, mailer: mailbox });
  await app.ready();
  return {
    app,
    mailbox,
    database,
    config,
    async close() {
      await app.close();
      if (!shareWith) await database.close();
      if (!shareWith) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app for the test file: created before its tests, closed after them. */
export function useTestApp(configure?: (config: Config) => Config): TestApp {
  const testApp = {} as TestApp;
  beforeAll(async () => {
    Object.assign(testApp, await createTestApp(configure));
  });
  afterAll(() => testApp.close());
  return testApp;
}
