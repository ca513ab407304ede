import type { TAnamnesisVersion, TStylePreferences } from '@escriba/contract';
import type { ChatRequestBody, LlmFixtureAnswer } from './llm-fixture';
import type { App } from '../src/platform/services';
import { waitUntil } from './wait-until';
import {
  anamnesisUrl,
  answerWith,
  postGeneration,
  settledVersion,
  type createGenerationScene,
} from './anamnesis-test-setup';
import { LEARNING_SCHEMA, PREFERENCES_KEY } from '../src/modules/style/style-prompt';

export type Scene = Awaited<ReturnType<typeof createGenerationScene>>;

const schemaName = (body: ChatRequestBody) =>
  body.response_format?.json_schema?.name ?? body.tools?.[0]?.function?.name;

/** The request derives preferences (rather than writing a note). */
export const isLearning = (body: ChatRequestBody) => schemaName(body) === LEARNING_SCHEMA.name;

/** Notes filled by `text(id)`; a derivation answered with `preferences()`. */
export function respondWith(
  text: (fieldId: string) => string,
  preferences: () => unknown[] = () => [],
): (body: ChatRequestBody) => LlmFixtureAnswer {
  const note = answerWith(text, () => ['T0']);
  return (body) => (isLearning(body) ? { json: { [PREFERENCES_KEY]: preferences() } } : note(body));
}

/** Generates (or, with a body, regenerates or rewrites a field of) the scene's note and waits until it is stored. */
export async function generated(app: App, scene: Scene, body?: object): Promise<TAnamnesisVersion> {
  const { headers } = scene.user;
  const started = await postGeneration(app, headers, scene.consultationId, scene.templateId, body);
  if (started.statusCode !== 202) throw new Error(`generation: ${started.statusCode} ${started.body}`);
  const stored = await settledVersion(app, headers, scene.consultationId, started.json<TAnamnesisVersion>().id);
  if (stored.status !== 'ready') throw new Error(`generation ${stored.status}: ${stored.failure}`);
  return stored;
}

/** Saves her texts over the latest note. */
export async function edit(app: App, scene: Scene, baseVersion: number, texts: Record<string, string>) {
  const response = await app.inject({
    method: 'PUT',
    url: anamnesisUrl(scene.consultationId),
    headers: scene.user.headers,
    payload: {
      base_version: baseVersion,
      fields: Object.entries(texts).map(([field_id, text]) => ({ field_id, text })),
    },
  });
  if (response.statusCode !== 200) throw new Error(`edit: ${response.statusCode} ${response.body}`);
  return response.json<TAnamnesisVersion>();
}

export const STYLE_URL = '/api/v1/user/me/style-preferences';

export async function stylePreferencesOf(app: App, scene: Scene): Promise<TStylePreferences> {
  return (await app.inject({ method: 'GET', url: STYLE_URL, headers: scene.user.headers })).json<TStylePreferences>();
}

/** Her preferences once a derivation has stored them. */
export function learnedPreferences(app: App, scene: Scene): Promise<TStylePreferences> {
  return waitUntil(async () => {
    const preferences = await stylePreferencesOf(app, scene);
    return preferences.learned_at !== null && preferences;
  }, 'preferences learned');
}
