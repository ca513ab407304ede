/**
 * Start-up of the server the old way (`node --import tsx apps/server/src/main.ts`, compiling the
 * TypeScript at every start) against the built bundle (`node apps/server/dist/main.js`), alternated,
 * side by side in one run: time from launch to the first 200 of /api/v1/openapi.json, and resident
 * memory after IDLE_SECONDS idle. Each start gets its own embedded database (PGlite, LOG_LEVEL
 * default), either empty (the start migrates and seeds it) or a copy of one already migrated.
 * Run after `npm run build`: node --import tsx bench/start-up.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');
const BUNDLE = path.join(ROOT, 'apps/server/dist/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_SECONDS = 5;
const START_DEADLINE_MS = 180_000;

const WAYS = {
  'tsx (src/main.ts)': ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')],
  'node (dist/main.js)': [BUNDLE],
};
type Way = keyof typeof WAYS;
type DataDir = 'empty' | 'migrated';

interface Start {
  startUpMs: number;
  idleRssMb: number;
}

if (!existsSync(BUNDLE)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

/** Launches the server on its own data folder, times its first OpenAPI answer, then its idle memory. */
async function measure(way: Way, dataDir: string): Promise<Start> {
  // Port 0: the system picks a free one, read back from the log, so no other process can take it meanwhile.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL']) delete env[name];
  const launchedAt = performance.now();
  const child = spawn(process.execPath, WAYS[way], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForOpenApi(child, () => output);
    const startUpMs = performance.now() - launchedAt;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { startUpMs, idleRssMb: rssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

async function waitForOpenApi(child: ChildProcess, output: () => string): Promise<void> {
  const deadline = performance.now() + START_DEADLINE_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    const base = /Server listening at (http:\/\/[\d.:]+)/.exec(output())?.[1];
    const status = !base
      ? 0
      : await fetch(`${base}/api/v1/openapi.json`).then(
          (response) => response.arrayBuffer().then(() => response.status),
          () => 0,
        );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No 200 from /api/v1/openapi.json within ${START_DEADLINE_MS} ms:\n${output()}`);
}

function rssMb(pid: number): number {
  const kilobytes = Number(spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim());
  return kilobytes / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A data folder the built server has migrated and seeded once, copied for each start on a migrated database. */
async function migratedTemplate(): Promise<string> {
  const template = mkdtempSync(path.join(tmpdir(), 'escriba-start-up-template-'));
  await measure('node (dist/main.js)', template);
  return template;
}

async function startOn(way: Way, kind: DataDir, template: string): Promise<Start> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'escriba-start-up-'));
  try {
    if (kind === 'migrated') cpSync(template, dataDir, { recursive: true });
    return await measure(way, dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(
  `start-up: launch to first 200 of /api/v1/openapi.json, then RSS after ${IDLE_SECONDS} s idle; ` +
    `${ROUNDS} rounds alternating; PGlite, LOG_LEVEL default`,
);
const template = await migratedTemplate();
const ways = Object.keys(WAYS) as Way[];
const starts = new Map<string, Start[]>();
try {
  for (const kind of ['migrated', 'empty'] as const) {
    for (let round = 0; round < ROUNDS; round++) {
      // Each round swaps which way goes first, so neither always starts on a warmer machine.
      for (const way of round % 2 === 0 ? ways : [...ways].reverse()) {
        const start = await startOn(way, kind, template);
        const key = `${kind} ${way}`;
        starts.set(key, [...(starts.get(key) ?? []), start]);
        console.log(
          `  round ${round + 1} ${kind.padEnd(8)} ${way.padEnd(20)} ` +
            `${start.startUpMs.toFixed(0).padStart(6)} ms ${start.idleRssMb.toFixed(0).padStart(5)} MB`,
        );
      }
    }
  }
} finally {
  rmSync(template, { recursive: true, force: true });
}

console.log(
  `\n${'data dir'.padEnd(10)}${'way'.padEnd(22)}${'start-up (median)'.padStart(18)}${'idle RSS'.padStart(10)}`,
);
for (const kind of ['migrated', 'empty'] as const) {
  const [old, built] = ways.map((way) => {
    const runs = starts.get(`${kind} ${way}`)!;
    return { startUpMs: median(runs.map((run) => run.startUpMs)), idleRssMb: median(runs.map((run) => run.idleRssMb)) };
  }) as [Start, Start];
  for (const [way, start] of [
    [ways[0], old],
    [ways[1], built],
  ] as const) {
    console.log(
      `${kind.padEnd(10)}${way!.padEnd(22)}${`${start.startUpMs.toFixed(0)} ms`.padStart(18)}` +
        `${`${start.idleRssMb.toFixed(0)} MB`.padStart(10)}`,
    );
  }
  console.log(
    `${kind.padEnd(10)}${'ratio dist / tsx'.padEnd(22)}${(built.startUpMs / old.startUpMs).toFixed(2).padStart(18)}` +
      `${(built.idleRssMb / old.idleRssMb).toFixed(2).padStart(10)}`,
  );
}
