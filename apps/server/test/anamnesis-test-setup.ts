import type { TAnamnesis, TAnamnesisVersion, TLiveMessage, TTemplateField } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { anamnesisTemplates, evidences, evidenceVersions, transcriptChunks, users } from '../src/db/schema/index';
import { HYPOTHESES_KEY } from '../src/modules/anamnesis/note-hypotheses';
import { grantCredits } from '../src/modules/credits/credit-ledger';
import type { App } from '../src/platform/services';
import { createTestConsultation } from './clinical-factories';
import { createLoggedInUser } from './factories';
import { LiveClient } from './live-client';
import { LlmFixture, type ChatRequestBody, type LlmFixtureAnswer } from './llm-fixture';
import { createTestApp, type TestApp } from './test-app';
import { waitUntil } from './wait-until';

type Headers = Record<string, string>;

export const FIELDS: TTemplateField[] = [
  { id: 'queixa_principal', title: 'Queixa principal', instructions: 'Nas palavras do paciente.', kind: 'short' },
  { id: 'hda', title: 'História da doença atual', instructions: 'Cronologia.', kind: 'text' },
  { id: 'medicacoes', title: 'Medicações em uso', instructions: 'Com dose.', kind: 'list' },
  { id: 'alergias', title: 'Alergias', instructions: '', kind: 'short' },
];

export const LINES = [
  'Doutora, estou com dor de cabeça há três dias.',
  'A dor piora à noite e melhora com dipirona.',
  'Tomo losartana 50 mg de manhã.',
];

/** A loopback chat model and the app pointed at it (with Redis, a second instance holds the socket). */
export interface GenerationSetup {
  fixture: LlmFixture;
  a: TestApp;
  b: TestApp;
  socketBase: string;
}

// Wide enough that a loaded CI machine never times out a fixture's answer; fault tests set short ones of their own.
export const ROOMY_LLM_TIMEOUTS = { timeoutMs: 30_000, idleTimeoutMs: 10_000 };

export function useGenerationSetup(configure: (config: Config) => Config = (config) => config): GenerationSetup {
  const setup = {} as GenerationSetup;
  beforeAll(async () => {
    setup.fixture = await LlmFixture.start();
    const withFixture = (config: Config) =>
      configure({
        ...config,
        llm: { ...config.llm, url: setup.fixture.baseUrl, ...ROOMY_LLM_TIMEOUTS },
      });
    setup.a = await createTestApp(withFixture);
    setup.b = process.env.TEST_REDIS_URL ? await createTestApp(withFixture, setup.a) : setup.a;
    setup.socketBase = (await setup.b.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  });
  afterAll(async () => {
    if (setup.b !== setup.a) await setup.b.close();
    await setup.a.close();
    await setup.fixture.close();
  });
  return setup;
}

/** A professional with credits, a live socket and a consultation holding a transcript, a PDF and context. */
export async function createGenerationScene(
  app: App,
  socketBase: string | undefined,
  options: { credits?: number } = {},
) {
  const user = await createLoggedInUser(app);
  if (options.credits !== 0) await grant(app, user.user.id, options.credits ?? 5);
  const client = socketBase ? await LiveClient.connect(socketBase, user.session) : undefined;
  const consultation = await createTestConsultation(app, user.headers, {
    patient: { name: 'Maria Souza', birth_date: '1980-05-10', sex: 'female' },
  });
  await addChunks(app, consultation.id, LINES);
  const evidenceId = await addPdfEvidence(app, consultation.id, 'exame.pdf', [
    'Hemograma normal.',
    'Glicemia 98 mg/dL.',
  ]);
  await app.inject({
    method: 'PUT',
    url: `/api/v1/user/consultations/${consultation.id}/user-context`,
    headers: user.headers,
    payload: { user_context: 'Paciente hipertensa, retorno em 30 dias.' },
  });
  const templateId = await createOwnTemplate(app, user.user.id);
  return { user, client: client!, consultationId: consultation.id, evidenceId, templateId };
}

export async function grant(app: App, userId: string, amount: number): Promise<void> {
  await app.db.transaction((tx) => grantCredits(tx, { userId, kind: 'bonus', amount, reason: 'teste' }));
}

export async function balanceOf(app: App, userId: string): Promise<number> {
  const [user] = await app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return user!.credits;
}

/** Transcribed chunks of 8 s each, stored as the transcription stores them. */
export async function addChunks(app: App, consultationId: string, lines: string[], firstSeq = 0): Promise<void> {
  await app.db.insert(transcriptChunks).values(
    lines.map((text, index) => ({
      consultationId,
      seq: firstSeq + index,
      contentType: 'audio/wav',
      size: 1000,
      status: 'done' as const,
      duration: 8,
      segments: [{ start: 0, end: 8, text }],
      text,
      transcribedAt: new Date(),
    })),
  );
}

/**
 * The stored transcript as a stop stores it (one line per chunk from seq 0), optionally followed by versions
 * stored before lines were kept with them (whole texts matched to the chunks line by line).
 */
export async function addTranscriptEvidence(app: App, consultationId: string, texts: string[]): Promise<void> {
  const [row] = await app.db
    .insert(evidences)
    .values({
      consultationId,
      kind: 'transcript',
      text: texts.at(-1)!,
      version: texts.length,
      contentType: 'text/plain',
    })
    .returning();
  await app.db.insert(evidenceVersions).values(
    texts.map((text, index) => ({
      evidenceId: row!.id,
      version: index + 1,
      source: index === 0 ? ('recording' as const) : ('correction' as const),
      lines: index === 0 ? text.split('\n').map((line, seq) => ({ seq, text: line })) : null,
      text,
    })),
  );
}

/** A PDF read page by page, stored as its reading stores it (version 1 holds the text as read). */
export async function addPdfEvidence(app: App, consultationId: string, fileName: string, pages: string[]) {
  const reading = {
    text: pages.join('\n\n'),
    pages: pages.map((text, index) => ({ page: index + 1, text, ocr: false })),
  };
  const [row] = await app.db
    .insert(evidences)
    .values({
      consultationId,
      kind: 'file',
      fileName,
      contentType: 'application/pdf',
      size: 1000,
      status: 'ready',
      ...reading,
    })
    .returning();
  await app.db.insert(evidenceVersions).values({ evidenceId: row!.id, version: 1, source: 'reading', ...reading });
  return row!.id;
}

export async function createOwnTemplate(app: App, ownerId: string, fields = FIELDS): Promise<string> {
  const [row] = await app.db
    .insert(anamnesisTemplates)
    .values({ ownerId, name: 'Clínica geral (teste)', fields })
    .returning();
  return row!.id;
}

export const anamnesisUrl = (consultationId: string, rest = '') =>
  `/api/v1/user/consultations/${consultationId}/anamnesis${rest}`;

export function postGeneration(app: App, headers: Headers, consultationId: string, templateId: string, body?: object) {
  return app.inject({
    method: 'POST',
    url: anamnesisUrl(consultationId, `/${templateId}`),
    headers,
    ...(body ? { payload: body } : {}),
  });
}

export async function getAnamnesis(app: App, headers: Headers, consultationId: string): Promise<TAnamnesis> {
  const response = await app.inject({ method: 'GET', url: anamnesisUrl(consultationId), headers });
  if (response.statusCode !== 200) throw new Error(`anamnesis: ${response.statusCode} ${response.body}`);
  return response.json<TAnamnesis>();
}

/** Waits until the version leaves `generating`. */
export function settledVersion(
  app: App,
  headers: Headers,
  consultationId: string,
  anamnesisId: string,
  timeoutMs = 15_000,
): Promise<TAnamnesisVersion> {
  return waitUntil(
    async () =>
      (await getAnamnesis(app, headers, consultationId)).versions.find(
        (version) => version.id === anamnesisId && version.status !== 'generating',
      ),
    `anamnesis ${anamnesisId} settled`,
    timeoutMs,
  );
}

const requestedKeys = (body: ChatRequestBody) =>
  Object.keys((body.response_format?.json_schema?.schema ?? body.tools?.[0]?.function?.parameters)?.properties ?? {});

/** The fields the request's schema asks for, in order (a whole note's hypotheses are not a field). */
export function requestedFields(body: ChatRequestBody): string[] {
  return requestedKeys(body).filter((key) => key !== HYPOTHESES_KEY);
}

/** The request asks for a whole note, with its diagnostic hypotheses after the fields. */
export const asksHypotheses = (body: ChatRequestBody) => requestedKeys(body).includes(HYPOTHESES_KEY);

/** One hypothesis as the model writes it in a whole note's answer. */
export interface AnswerHypothesis {
  hipotese: string;
  termos: string[];
  sources: string[];
}

/** An answer filling each requested field with `text(id)` and citing `sources(id)`, and a whole note's hypotheses. */
export function answerWith(
  text: (fieldId: string) => string,
  sources: (fieldId: string) => string[] = () => [],
  hypotheses: AnswerHypothesis[] = [],
): (body: ChatRequestBody) => LlmFixtureAnswer {
  return (body) => {
    if (requestedFields(body).length === 0) return { content: 'Resumo.' };
    const fields = requestedFields(body).map((id) => [id, { text: text(id), sources: sources(id) }]);
    return {
      json: Object.fromEntries(asksHypotheses(body) ? [...fields, [HYPOTHESES_KEY, hypotheses]] : fields),
    };
  };
}

/** The messages about one generation, in arrival order. */
export function messagesOf(client: LiveClient, anamnesisId: string): TLiveMessage[] {
  return client.messages.filter((message) => (message as { anamnesis_id?: string }).anamnesis_id === anamnesisId);
}

/** The whole prompt of a recorded request, as one text. */
export const promptOf = (body: ChatRequestBody) => (body.messages ?? []).map((message) => message.content).join('\n');
