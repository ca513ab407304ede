// Signing PDFs (issue 32 §3): BENCH_SIGNINGS requests for the note's PDF signed with an A1 certificate
// (POST …/anamnesis/pdf/signed: the certificate unsealed and opened with its password, the PDF laid out and signed),
// BENCH_CONCURRENCY (20) at once, beside as many requests for the same note unsigned (GET …/anamnesis/pdf) in the
// same run: per request p50 and p99, the event loop's p99 and largest delay (monitorEventLoopDelay) while each ran,
// and its busy time per request (eventLoopUtilization: the work done on the request thread). The app listens in this process (the loop measured is its own), the requests come over HTTP.
// BENCH_PKCS12_FORM: legacy (3DES, the default: many Brazilian A1 files) or aes.
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { createPdfScene, notePdfUrl, signedPdfUrl, storeNote } from '../apps/server/test/anamnesis-pdf-test-setup';
import { putCertificate } from '../apps/server/test/certificate-requests';
import { CERTIFICATE_PASSWORD, createCertificateAuthority, type Pkcs12Form } from '../apps/server/test/certificates';
import { uniqueCpf } from '../apps/server/test/factories';
import { createTestApp } from '../apps/server/test/test-app';
import { percentile } from './percentile';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const SIGNINGS = Number(process.env.BENCH_SIGNINGS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const FORM = (process.env.BENCH_PKCS12_FORM ?? 'legacy') as Pkcs12Form;
const ROUNDS = 2;

const escriba = await createTestApp();
const ca = await createCertificateAuthority();
const { app } = escriba;
const { owner, consultationId } = await createPdfScene(app);
await storeNote(app, owner.user.id, consultationId);
const pfx = await ca.issueA1({ name: 'MARIANA CONCEICAO TAVARES', cpf: uniqueCpf(), form: FORM });
const saved = await putCertificate(app, owner.headers, pfx, CERTIFICATE_PASSWORD);
if (saved.statusCode !== 200) throw new Error(`certificate: ${saved.statusCode} ${saved.body}`);

const base = await app.listen({ host: '127.0.0.1', port: 0 });
const unsigned = () => fetch(base + notePdfUrl(consultationId), { headers: owner.headers });
const signed = () =>
  fetch(base + signedPdfUrl(consultationId), {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ password: CERTIFICATE_PASSWORD }),
  });

interface Figures {
  times: number[];
  /** The event loop's delays while the requests ran. */
  loop: IntervalHistogram;
  busyMs: number;
}

/** `count` requests, CONCURRENCY at a time, each timed from its start to its answer. */
async function measure(request: typeof signed, count: number, figures: Figures): Promise<void> {
  figures.loop.enable();
  const before = performance.eventLoopUtilization();
  let started = 0;
  const client = async () => {
    while (started < count) {
      started += 1;
      const start = performance.now();
      const response = await request();
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${response.status} ${Buffer.from(body).toString()}`);
      figures.times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  figures.loop.disable();
  figures.busyMs += performance.eventLoopUtilization(before).active;
}

const figures = { unsigned: newFigures(), signed: newFigures() };
function newFigures(): Figures {
  return { times: [], loop: monitorEventLoopDelay({ resolution: 5 }), busyMs: 0 };
}

try {
  console.log(
    `signing: the note's PDF, ${FORM} A1 certificate, ${SIGNINGS} requests of each kind, ${CONCURRENCY} at once, ` +
      `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${availableParallelism()} cores, load average ` +
      loadavg()
        .map((each) => each.toFixed(1))
        .join(' '),
  );
  // What loads on first use (fonts, the signing threads, compiled code) is out of the figures.
  await measure(unsigned, CONCURRENCY, newFigures());
  await measure(signed, CONCURRENCY, newFigures());
  // In turns, so that the machine's drift weighs on both alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    await measure(unsigned, Math.ceil(SIGNINGS / ROUNDS), figures.unsigned);
    await measure(signed, Math.ceil(SIGNINGS / ROUNDS), figures.signed);
  }
  const cell = (value: number | string) => (typeof value === 'number' ? value.toFixed(0) : value).padStart(13);
  console.log(''.padEnd(10) + ['p50 ms', 'p99 ms', 'loop p99 ms', 'loop max ms', 'busy ms/req'].map(cell).join(''));
  for (const [name, each] of Object.entries(figures)) {
    console.log(
      name.padEnd(10) +
        [
          percentile(each.times, 0.5),
          percentile(each.times, 0.99),
          each.loop.percentile(99) / 1e6,
          each.loop.max / 1e6,
          each.busyMs / each.times.length,
        ]
          .map(cell)
          .join(''),
    );
  }
  const share = (fraction: number) =>
    (percentile(figures.signed.times, fraction) / percentile(figures.unsigned.times, fraction)).toFixed(2);
  console.log(`signed / unsigned: p50 ${share(0.5)}×, p99 ${share(0.99)}×`);
} finally {
  await escriba.close();
  await ca.close();
}
