// The production build: type-checks the contract, the server and the web app, bundles the server with
// esbuild into apps/server/dist/main.js (its backup and restore command into ops.js, its worker threads'
// scripts beside them) and builds the web app with Vite, then stamps the build.
// `--if-stale` builds only when the build is missing or older than its sources (what `npm start` does);
// `--no-typecheck` leaves the type check out.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleServer } from './server-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIST = path.join(ROOT, 'apps/server/dist');
const STAMP = path.join(SERVER_DIST, 'build-stamp');
// Worker threads' scripts, bundled as dist/<name>.js, where platform/worker-script.ts looks for them.
const WORKERS = {
  'voice-activity-worker': path.join(ROOT, 'apps/server/src/modules/transcription/audio/voice-activity-worker.ts'),
  'pkcs12-worker': path.join(ROOT, 'apps/server/src/modules/certificates/pkcs12-worker.ts'),
};
const OUTPUTS = [
  path.join(SERVER_DIST, 'main.js'),
  path.join(SERVER_DIST, 'ops.js'),
  ...Object.keys(WORKERS).map((name) => path.join(SERVER_DIST, `${name}.js`)),
  path.join(ROOT, 'apps/web/dist/index.html'),
  STAMP,
];
// What the build reads: a change to any of these makes `--if-stale` build again.
const SOURCES = [
  'apps/server/src',
  'packages/contract/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/server-bundle.mjs',
];

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);

const startedAt = new Date();
// `--no-typecheck`: the caller has just run `npm run typecheck` (CI), which checks the same projects.
if (!process.argv.includes('--no-typecheck')) {
  run('npx', ['tsc', '-p', 'packages/contract']);
  run('npx', ['tsc', '-p', 'apps/server']);
  run('npx', ['tsc', '-p', 'apps/web']);
}
rmSync(SERVER_DIST, { recursive: true, force: true });
console.log('> esbuild apps/server/src/main.ts apps/server/src/ops/command.ts and the worker threads');
// ESCRIBA_BUNDLE tells platform/worker-script.ts that worker threads run from their bundles.
await bundleServer(SERVER_DIST, { entryPoints: WORKERS, define: { ESCRIBA_BUNDLE: 'true' } });
run('npm', ['run', 'build', '-w', '@escriba/web']);
// Stamped with the start time, so a source saved while the build ran makes the next start build again.
writeFileSync(STAMP, `${startedAt.toISOString()}\n`);
utimesSync(STAMP, startedAt, startedAt);

function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  try {
    execFileSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  } catch (error) {
    // The command printed why; the stack trace of execFileSync would only hide it.
    console.error(`Build failed: ${command} ${args.join(' ')} exited with ${error.status ?? error.signal}`);
    process.exit(1);
  }
}

function isStale() {
  if (!OUTPUTS.every((file) => existsSync(file))) return true;
  const builtAt = statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > builtAt);
}

function newestMtime(file) {
  if (!existsSync(file)) return 0;
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  // A deleted file changes only its folder's mtime.
  return readdirSync(file).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(file, name))),
    stats.mtimeMs,
  );
}
