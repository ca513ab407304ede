import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { bundleServer } from '../../../scripts/server-bundle.mjs';

/** Where the test files of this run find the server's bundle. */
export const SERVER_BUILD_VARIABLE = 'ESCRIBA_TEST_SERVER_BUILD';

const SOURCES = path.resolve(import.meta.dirname, '../src');

/**
 * Tests that start the real process would otherwise compile the server through tsx at every start (seconds of
 * CPU each): the global setup bundles it once per run, as `npm run build` does, under the server's
 * node_modules (where Node finds the packages the bundle leaves out, the server's own and the workspace's).
 * Returns what removes it.
 */
export async function bundleServerForRun(): Promise<() => Promise<void>> {
  const outdir = path.resolve(
    import.meta.dirname,
    `../node_modules/.cache/escriba-test-server-${randomBytes(4).toString('hex')}`,
  );
  const remove = () => rm(outdir, { recursive: true, force: true });
  try {
    await bundleServer(outdir);
  } catch (error) {
    await remove();
    throw error;
  }
  process.env[SERVER_BUILD_VARIABLE] = outdir;
  return remove;
}

/**
 * Node's arguments that run `entry`: the server (`main`) or its backup and restore command (`ops`), from this
 * run's bundle, or from the sources through tsx (as `npm run dev`) outside a test run.
 */
export function serverEntryArguments(entry: 'main' | 'ops'): string[] {
  const build = process.env[SERVER_BUILD_VARIABLE];
  if (build) return [path.join(build, `${entry}.js`)];
  return ['--import', 'tsx', path.join(SOURCES, entry === 'main' ? 'main.ts' : 'ops/command.ts')];
}
