// POST /api/v1/token with a wrong password for a real account and with an unknown e-mail, alternating,
// side by side in one run. Both must verify one argon2 hash (the unknown one against a dummy hash), so
// that the time of a refusal does not tell whether an account exists: the ratio of the medians
// (unknown / wrong password) stays near 1; skipping the hash would put it near 0.05. A wrong password
// also counts the account's failure, so the ratio sits a little below 1.
import { createTestApp } from '../apps/server/test/test-app';
import { createTestUser, uniqueEmail } from '../apps/server/test/factories';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 41);
const WRONG = 'senha errada aqui';
const MIN_RATIO = 0.25;

// Limits far above the rounds: every request here is refused for its password, none for its rate.
const escriba = await createTestApp((config) => ({
  ...config,
  rateLimits: {
    ...config.rateLimits,
    loginPerIp: { points: 10 * ROUNDS, durationSeconds: 60 },
    loginFailuresPerAccountAddress: { points: 10 * ROUNDS, durationSeconds: 60 },
    loginFailuresPerAccountAllAddresses: { points: 10 * ROUNDS, durationSeconds: 60 },
  },
}));
const { email } = await createTestUser(escriba.app);

async function timedRefusal(username: string, ip: string): Promise<number> {
  const start = performance.now();
  const response = await escriba.app.inject({
    method: 'POST',
    url: '/api/v1/token',
    payload: new URLSearchParams({ username, password: WRONG }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
  const ms = performance.now() - start;
  if (response.statusCode !== 401) throw new Error(`POST /token answered ${response.statusCode}, not 401`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const known: number[] = [];
const unknown: number[] = [];
// One warm-up of each path: the dummy hash is made on the first unknown e-mail.
await timedRefusal(email, '10.0.3.250');
await timedRefusal(uniqueEmail(), '10.0.4.250');
for (let round = 0; round < ROUNDS; round++) {
  known.push(await timedRefusal(email, `10.0.3.${round % 250}`));
  unknown.push(await timedRefusal(uniqueEmail(), `10.0.4.${round % 250}`));
}
const ratio = median(unknown) / median(known);
console.log(`log-in-timing: ${ROUNDS} rounds alternating, median of each`);
console.log(`  wrong password for a real account: ${median(known).toFixed(1)} ms`);
console.log(`  unknown e-mail:                    ${median(unknown).toFixed(1)} ms`);
console.log(
  `ratio unknown / wrong password: ${ratio.toFixed(2)} (goal > ${MIN_RATIO} and < 2.5) ${ratio > MIN_RATIO && ratio < 2.5 ? 'MET' : 'NOT MET'}`,
);
await escriba.close();
