import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, CEP_PORT, EMBED_HOST_PORT } from './ports';

const ROOT = join(import.meta.dirname, '../../../..');
// Generous: on a loaded machine a cold start (migrations, CID-10 check, job schema) took 80 s; a quiet one takes seconds.
const START_DEADLINE_MS = 180_000;

/** A built server started by startAppServer. */
export interface AppServer {
  /** Where the browser reaches it: localhost, where Chromium keeps its `secure` cookies over http. */
  url: string;
  /** Resolves once it answers; rejects if it exits first or is not up within START_DEADLINE_MS. */
  waitUntilUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/server/dist/main.js), as production runs it, on `port` with the data folder
 * `dataDir`, configured as the e2e run's servers are: the fixtures global-setup.ts started (E2E_WHISPER_URL,
 * E2E_LLM_URL, the CEP lookup), the first administrator, the per-IP limits lifted; `env` adds to that.
 */
export function startAppServer({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
}): AppServer {
  const url = `http://localhost:${port}`;
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      CEP_LOOKUP_URL: `http://127.0.0.1:${CEP_PORT}`,
      EMBED_ORIGINS: `http://127.0.0.1:${EMBED_HOST_PORT}`,
      WHISPER_URL: process.env.E2E_WHISPER_URL,
      LLM_URL: process.env.E2E_LLM_URL,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every browser test signs up from 127.0.0.1; the per-IP limit is tested by the API tests.
      SIGN_UPS_PER_IP: '1000',
      LOGIN_ATTEMPTS_PER_IP: '1000',
      ACCOUNT_MAILS_PER_IP: '1000',
      ...env,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  return {
    url,
    async waitUntilUp() {
      const deadline = Date.now() + START_DEADLINE_MS;
      while (Date.now() < deadline) {
        if (server.exitCode !== null || server.signalCode !== null) {
          throw new Error(`The server exited (${server.exitCode ?? server.signalCode}) while starting`);
        }
        if (await isAnswering(url)) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`The server did not answer at ${url} within ${START_DEADLINE_MS} ms`);
    },
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Removes a server's data folder and the key file the embedded database writes beside it (README, SECRETS_KEY). */
export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.secrets-key`, { force: true });
}

function isAnswering(url: string): Promise<boolean> {
  return fetch(`${url}/api/v1/common/client-config`).then(
    (response) => response.ok,
    () => false,
  );
}
