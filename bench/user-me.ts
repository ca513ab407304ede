// GET /api/v1/user/me/ with a valid token, against a bare Fastify hello-world, side by side in one
// run on loopback. Issue 2 asks for at least 0.5 of bare Fastify's requests per second.
import Fastify from 'fastify';
import { createLoggedInUser } from '../apps/server/test/factories';
import { createTestApp } from '../apps/server/test/test-app';
import { formatResult, load, type LoadResult } from './load';

// The production path: PostgreSQL and Redis (override with TEST_DATABASE_URL / TEST_REDIS_URL).
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const ROUNDS = 2;

const bare = Fastify({ logger: false });
bare.get('/hello', () => ({ hello: 'world' }));
const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/hello`;

const escriba = await createTestApp();
const { session } = await createLoggedInUser(escriba.app);
const meUrl = `${await escriba.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1/user/me/`;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const pubsub = process.env.TEST_REDIS_URL ? 'Redis' : 'in-process';

console.log(
  `user-me: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating; ${database}, ${pubsub} pub/sub`,
);
const best = (results: LoadResult[]) => results.reduce((a, b) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b));
const bareRuns: LoadResult[] = [];
const meRuns: LoadResult[] = [];
for (let round = 0; round < ROUNDS; round++) {
  bareRuns.push(await load(bareUrl, { connections: CONNECTIONS, seconds: SECONDS }));
  meRuns.push(await load(meUrl, { connections: CONNECTIONS, seconds: SECONDS, tokens: [session.access_token] }));
}
const bareBest = best(bareRuns);
const meBest = best(meRuns);
if (meBest.non2xx > 0 || meBest.errors > 0) throw new Error('GET /user/me/ answered errors under load');
console.log(formatResult('bare Fastify GET /hello', bareBest));
console.log(formatResult('Escriba GET /api/v1/user/me/ (bearer)', meBest));
const ratio = meBest.requestsPerSecond / bareBest.requestsPerSecond;
console.log(`ratio user-me / bare: ${ratio.toFixed(2)} (goal >= 0.50) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);

await bare.close();
await escriba.close();
