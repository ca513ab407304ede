import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeEmbeddedSnapshot } from './embedded-snapshot';
import { FILE_CACHE_VARIABLE } from './file-cache';
import { preparePostgresTemplate } from './postgres-template';
import { bundleServerForRun } from './server-build';

/**
 * Vitest global setup: what every test file would otherwise make again, made once per run. The
 * database every file starts from (a PGlite snapshot, or a PostgreSQL template with
 * TEST_DATABASE_URL), the server's bundle for tests that start its process, and a folder for generated
 * test files (speech, images, documents); all removed at the end. Test files find them through
 * environment variables, which the workers inherit.
 */
export default async function setUpRun(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'escriba-test-run-'));
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  // esbuild works in a process of its own, beside the database's preparation.
  const removeBuild = bundleServerForRun();
  const removeAll = async () => {
    await removeFolder();
    await (
      await removeBuild
    )();
  };
  try {
    const files = path.join(folder, 'files');
    await mkdir(files);
    process.env[FILE_CACHE_VARIABLE] = files;
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) await preparePostgresTemplate(serverUrl);
    else await makeEmbeddedSnapshot(folder);
    await removeBuild;
  } catch (error) {
    await Promise.allSettled([removeFolder(), removeBuild.then((remove) => remove())]);
    throw error;
  }
  return removeAll;
}
