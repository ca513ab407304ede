import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RealtimeFixture } from '../../../server/test/realtime-fixture';
import { removeDataDir, startAppServer } from './app-server';
import { REALTIME_APP_PORT } from './ports';

/**
 * A second built server, on its own fresh data folder, that transcribes in `realtime` mode against a loopback
 * provider speaking the OpenAI Realtime protocol (`realtime`: set its `behave` to choose the words); a chunk the
 * stream cannot take falls back to the run's Whisper fixture. Started by the test that needs it: the run's shared
 * server stays in batch mode. `dataDir` holds its outbox (sign-up codes). Close it when done.
 */
export async function startRealtimeServer(): Promise<{
  url: string;
  dataDir: string;
  realtime: RealtimeFixture;
  close(): Promise<void>;
}> {
  const realtime = await RealtimeFixture.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'escriba-e2e-realtime-'));
  const server = startAppServer({
    port: REALTIME_APP_PORT,
    dataDir,
    env: { TRANSCRIPTION_MODE: 'realtime', REALTIME_URL: realtime.url },
  });
  const close = async () => {
    await server.stop();
    await realtime.close();
    removeDataDir(dataDir);
  };
  await server.waitUntilUp().catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { url: server.url, dataDir, realtime, close };
}
