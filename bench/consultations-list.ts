// Issue 4: a page of 50 consultations out of 100,000 (200 professionals) against the trivial
// GET /api/v1/user/me/, side by side in one run on PostgreSQL. Aim: list p99 under 50 ms and at
// least 0.3 of /user/me/'s requests per second. The list is measured twice: from a second instance
// with the list cache off (every page read from PostgreSQL, as after each write), and as served.
//   node --import tsx bench/consultations-list.ts
// TEST_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// the bench works in a fresh database there, dropped at the end.
import { createTestApp } from '../apps/server/test/test-app';
import { logIn } from '../apps/server/test/factories';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { formatResult, load, type LoadResult } from './http-load';
import { seedConsultations } from './seed-consultations';

const SHAPE = { professionals: 200, patientsPerProfessional: 25, consultationsPerPatient: 20 };
const TOKENS = 10;
const LOAD = { connections: 50, seconds: 10 };
const WARM_UP = { connections: 50, seconds: 2 };
const PASSWORD = 'bancada de medicao 2026';
const AIM = { p99Ms: 50, ratio: 0.3 };

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const escriba = await createTestApp();
const uncached = await createTestApp((config) => ({ ...config, listCacheBytes: 0 }), escriba);
try {
  const started = Date.now();
  const emails = await seedConsultations(escriba.app.db, SHAPE, await hashPassword(PASSWORD));
  const total = SHAPE.professionals * SHAPE.patientsPerProfessional * SHAPE.consultationsPerPatient;
  console.log(`seeded ${total} consultations over ${emails.length} professionals in ${Date.now() - started} ms`);
  const sessions = await Promise.all(emails.slice(0, TOKENS).map((email) => logIn(escriba.app, email, PASSWORD)));
  const tokens = sessions.map((session) => session.access_token);

  const origin = await escriba.app.listen({ host: '127.0.0.1', port: 0 });
  const uncachedOrigin = await uncached.app.listen({ host: '127.0.0.1', port: 0 });
  const page = '/api/v1/user/consultations/?page_size=50';
  const routes: [string, string][] = [
    ['list, cache off', `${uncachedOrigin}${page}`],
    ['GET /user/consultations/?page_size=50', `${origin}${page}`],
    ['GET /user/me/', `${origin}/api/v1/user/me/`],
  ];
  for (const [, url] of routes) await load(url, { ...WARM_UP, tokens });
  const results: LoadResult[] = [];
  for (const [label, url] of routes) {
    const result = await load(url, { ...LOAD, tokens });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label} answered errors under load`);
    results.push(result);
    console.log(formatResult(label, result));
  }
  // One professional alone: how long a page read from PostgreSQL takes when nothing queues.
  const alone = await load(`${uncachedOrigin}${page}`, { connections: 1, seconds: 5, tokens });
  console.log(formatResult('list, cache off, 1 connection', alone));
  const [, list, me] = results as [LoadResult, LoadResult, LoadResult];
  const ratio = list.requestsPerSecond / me.requestsPerSecond;
  const met = ratio >= AIM.ratio && list.p99Ms < AIM.p99Ms;
  console.log(`${LOAD.connections} connections, ${LOAD.seconds} s per route, tokens of ${TOKENS} professionals`);
  console.log(
    `ratio list / me: ${ratio.toFixed(2)} (aim >= ${AIM.ratio}); list p99 ${list.p99Ms} ms (aim < ${AIM.p99Ms} ms) ${met ? 'MET' : 'NOT MET'}`,
  );
} finally {
  await uncached.close();
  await escriba.close();
}
