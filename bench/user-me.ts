// GET /api/v1/user/me/ with a valid token, against a bare Fastify hello-world, side by side in one
// run on loopback. Issue 17 §7 asks for at least 0.7 of bare Fastify's requests per second.
//
// The app logs at the default level (info) through pino into /dev/null, written in batches as in
// production (logDestination): the other benches run silent, so they cannot see what logging costs
// per request. Rounds alternate bare and Escriba, first on PGlite with in-process pub/sub, then on
// PostgreSQL with Redis (TEST_DATABASE_URL and TEST_REDIS_URL override their addresses;
// BENCH_DATABASES=pglite or postgres runs one of them). Each setup runs in a process of its own, as a server
// does: the second app of a process ran 10% slower than the same app alone (0.60 against 0.66), its code
// compiled by V8 for the first app's objects.
import Fastify from 'fastify';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { logDestination } from '../apps/server/src/platform/http/logger';
import { createLoggedInUser } from '../apps/server/test/factories';
import { createTestApp } from '../apps/server/test/test-app';
import { formatResult, load, type LoadResult } from './http-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const ROUNDS = 5;
const GOAL = 0.7;
// USER_HZ, 100 on every Linux build of note.
const CLOCK_TICKS_PER_SECOND = 100;
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SETUPS = [
  { name: 'pglite', label: 'PGlite, in-process pub/sub', databaseUrl: undefined, redisUrl: undefined },
  { name: 'postgres', label: 'PostgreSQL, Redis pub/sub', databaseUrl: POSTGRES_URL, redisUrl: REDIS_URL },
].filter((setup) => (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').includes(setup.name));

interface Round {
  result: LoadResult;
  /** CPU time of the main thread (the servers' event loop) per request; autocannon runs in a worker. */
  cpuMicroseconds: number | undefined;
}

async function measure(url: string, tokens?: string[]): Promise<Round> {
  const before = mainThreadCpuMicroseconds();
  const result = await load(url, { connections: CONNECTIONS, seconds: SECONDS, ...(tokens && { tokens }) });
  const after = mainThreadCpuMicroseconds();
  const requests = result.requestsPerSecond * SECONDS;
  return {
    result,
    cpuMicroseconds: before === undefined || after === undefined ? undefined : (after - before) / requests,
  };
}

// CPU time, not wall time: on a machine shared with other work, a descheduled thread is not counted.
// Linux keeps it per thread in /proc (user and system ticks, fields 14 and 15); elsewhere it is not shown.
function mainThreadCpuMicroseconds(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

if (SETUPS.length > 1) {
  for (const setup of SETUPS) {
    execFileSync(process.execPath, [...process.execArgv, process.argv[1]!], {
      env: { ...process.env, BENCH_DATABASES: setup.name },
      stdio: 'inherit',
    });
  }
  process.exit(0);
}

const bare = Fastify({ logger: false });
bare.get('/hello', () => ({ hello: 'world' }));
const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/hello`;

console.log(`user-me: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating; log level info`);
for (const setup of SETUPS) {
  // openTestDatabase and createTestApp read these when called.
  if (setup.databaseUrl) process.env.TEST_DATABASE_URL = setup.databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  if (setup.redisUrl) process.env.TEST_REDIS_URL = setup.redisUrl;
  else delete process.env.TEST_REDIS_URL;

  const logStream = logDestination('/dev/null');
  const escriba = await createTestApp((config) => ({ ...config, logLevel: 'info' }), undefined, { logStream });
  const { session } = await createLoggedInUser(escriba.app);
  const meUrl = `${await escriba.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1/user/me/`;

  console.log(`\n${setup.label}`);
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const bareRound = await measure(bareUrl);
    const meRound = await measure(meUrl, [session.access_token]);
    if (meRound.result.non2xx > 0) throw new Error('GET /user/me/ answered errors under load');
    console.log(`round ${round}`);
    console.log(`  ${formatResult('bare Fastify GET /hello', bareRound.result)}   ${cpu(bareRound)}`);
    console.log(`  ${formatResult('Escriba GET /api/v1/user/me/ (bearer)', meRound.result)}   ${cpu(meRound)}`);
    // A round where the loaded machine starved either side (timeouts, no answer) compares nothing.
    if ([bareRound, meRound].some(({ result }) => result.errors > 0 || result.requestsPerSecond === 0)) {
      console.log('  round left out: timeouts or no answers');
      continue;
    }
    const ratio = meRound.result.requestsPerSecond / bareRound.result.requestsPerSecond;
    ratios.push(ratio);
    if (bareRound.cpuMicroseconds && meRound.cpuMicroseconds) {
      cpuRatios.push(meRound.cpuMicroseconds / bareRound.cpuMicroseconds);
    }
    console.log(`  ratio ${ratio.toFixed(2)}`);
  }
  const median = medianOf(ratios);
  console.log(
    `ratio user-me / bare (${setup.label}): median ${median.toFixed(2)} of ${ratios.length} rounds, ` +
      `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} (goal >= ${GOAL}) ` +
      `${median >= GOAL ? 'MET' : 'NOT MET'}; CPU per request: ${medianOf(cpuRatios).toFixed(1)} × bare's`,
  );

  await escriba.close();
  logStream.end();
}

await bare.close();

function medianOf(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function cpu(round: Round): string {
  return round.cpuMicroseconds === undefined ? '' : `${round.cpuMicroseconds.toFixed(0).padStart(4)} µs CPU/request`;
}
