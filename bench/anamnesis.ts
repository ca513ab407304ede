// Anamnesis generation: per note, the time from the provider's last token to the note stored and validated
// (measured by the job, logged as `after_provider_ms`) and to its `end` message on the professional's socket,
// printed beside the provider's own time (request to last token, measured in the same process). The fixture
// model streams a realistic note of the seeded complete template. Issue 11: p99 under 100 ms.
import type { TLiveMessage } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { createTestApp } from '../apps/server/test/test-app';
import { LlmFixture, type ChatRequestBody } from '../apps/server/test/llm-fixture';
import { anamnesisTemplates } from '../apps/server/src/db/schema/index';
import {
  addChunks,
  addPdfEvidence,
  createGenerationScene,
  postGeneration,
  requestedFields,
} from '../apps/server/test/anamnesis-test-setup';
import { GENERAL_TEMPLATE_SEED_KEY } from '../apps/server/src/modules/reference/default-template';
import { OpenAiCompatibleLlm } from '../apps/server/src/providers/llm/openai-compatible-llm';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';

const GENERATIONS = Number(process.env.BENCH_GENERATIONS ?? 100);
const TRANSCRIPT_CHUNKS = 90;

const SENTENCES = [
  'Refere cefaleia holocraniana há três dias, pulsátil, de intensidade 7/10, pior no período noturno.',
  'Associa náuseas sem vômitos e fotofobia; nega febre, rigidez de nuca ou alterações visuais.',
  'Fez uso de dipirona 500 mg a cada 6 horas com melhora parcial.',
  'Hipertensa em uso de losartana 50 mg pela manhã; nega diabetes e cirurgias prévias.',
  'Hemograma sem alterações; glicemia de jejum 98 mg/dL (exame de 10/03).',
  'Nega alergias medicamentosas conhecidas. Não fuma; etilismo social aos fins de semana.',
];

/** A note of a few sentences per field, citing transcript segments and a page, streamed in small tokens. */
function realisticNote(body: ChatRequestBody) {
  const fields = requestedFields(body);
  if (fields.length === 0) return { content: 'Resumo.' };
  const json = Object.fromEntries(
    fields.map((id, index) => [
      id,
      {
        text: [0, 1, 2].map((offset) => SENTENCES[(index + offset) % SENTENCES.length]).join(' '),
        sources: [`T${index * 3}`, `T${index * 3 + 1}`, 'E1 p.2'],
      },
    ]),
  );
  return { json, tokenSize: 6 };
}

const fixture = await LlmFixture.start();
fixture.respond = realisticNote;
// The job logs, for each stored note, the time since the provider's last token.
const storedAfterProvider = new Map<string, number>();
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line) as { msg?: string; anamnesis_id?: string; after_provider_ms?: number };
    if (entry.msg === 'anamnesis stored') storedAfterProvider.set(entry.anamnesis_id!, entry.after_provider_ms!);
  },
};
// The provider's own time, request to last token, from the provider the app builds.
let lastAnswer = { providerMs: 0, finishedAt: 0 };
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with each instance as `this`
const completeStructured = OpenAiCompatibleLlm.prototype.completeStructured;
OpenAiCompatibleLlm.prototype.completeStructured = async function (request) {
  const started = performance.now();
  const result = await completeStructured.call(this, request);
  lastAnswer = { providerMs: result.finishedAt - started, finishedAt: result.finishedAt };
  return result;
};

const escriba = await createTestApp(
  (config) => ({
    ...config,
    logLevel: 'info',
    llm: { ...config.llm, url: fixture.baseUrl },
    // One professional generates GENERATIONS notes in a row: the per-professional limit is not what is measured.
    rateLimits: { ...config.rateLimits, generations: { points: GENERATIONS + 1, durationSeconds: 3600 } },
  }),
  undefined,
  { logStream },
);
const { app } = escriba;
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const scene = await createGenerationScene(app, undefined, { credits: GENERATIONS + 1 });
await addChunks(
  app,
  scene.consultationId,
  Array.from({ length: TRANSCRIPT_CHUNKS }, (_, index) => SENTENCES[index % SENTENCES.length]!),
  3,
);
await addPdfEvidence(app, scene.consultationId, 'laudo.pdf', ['Laudo de tomografia de crânio sem alterações.']);
const [template] = await app.db
  .select()
  .from(anamnesisTemplates)
  .where(eq(anamnesisTemplates.seedKey, GENERAL_TEMPLATE_SEED_KEY));
if (!template) throw new Error('the complete anamnesis template is not seeded');

const endArrivals = new Map<string, number>();
const socket = new WebSocket(
  `${base.replace('http', 'ws')}/v1/ws/user/${scene.user.session.user.id}/token/${scene.user.session.stream_token}`,
);
socket.on('message', (data: Buffer) => {
  const message = JSON.parse(data.toString()) as TLiveMessage & { anamnesis_id?: string };
  if (message.type === 'end' && message.anamnesis_id) endArrivals.set(message.anamnesis_id, performance.now());
});
await new Promise((resolve) => socket.once('message', resolve));

async function settled<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`no ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const pubsub = process.env.TEST_REDIS_URL ? 'Redis' : 'in-process';
const noteCharacters = JSON.stringify(
  realisticNote({
    tools: [
      { function: { parameters: { properties: Object.fromEntries(template.fields.map((field) => [field.id, {}])) } } },
    ],
  }).json,
).length;
console.log(
  `anamnesis: template "${template.name}" (${template.fields.length} fields, a note of ${noteCharacters} characters ` +
    `streamed 6 characters a chunk), ${TRANSCRIPT_CHUNKS + 3} transcript segments and a PDF, ${database}, ${pubsub} pub/sub`,
);

const providerTimes: number[] = [];
const toStored: number[] = [];
const toEnd: number[] = [];
for (let run = 0; run < GENERATIONS; run += 1) {
  const response = await postGeneration(app, scene.user.headers, scene.consultationId, template.id);
  if (response.statusCode !== 202) throw new Error(`generation ${run}: ${response.statusCode} ${response.body}`);
  const { id } = response.json<{ id: string }>();
  const arrived = await settled(() => endArrivals.get(id), `end message for ${id}`);
  toEnd.push(arrived - lastAnswer.finishedAt);
  providerTimes.push(lastAnswer.providerMs);
  toStored.push(await settled(() => storedAfterProvider.get(id), `stored log line for ${id}`));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const row = (label: string, values: number[]) =>
  `${label.padEnd(48)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(7)} ms`;
console.log(`\n${GENERATIONS} notes one after another:`);
console.log(row('provider time (request → last token)', providerTimes));
console.log(row('last token → note stored and validated', toStored));
console.log(row('last token → end message on the socket', toEnd));
const p99 = percentile(toEnd, 99);
console.log(`p99 last token → end ${p99.toFixed(1)} ms (goal < 100 ms) ${p99 < 100 ? 'MET' : 'NOT MET'}`);

socket.close();
await escriba.close();
await fixture.close();
