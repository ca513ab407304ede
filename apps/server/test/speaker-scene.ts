import type { TSpeaker } from '@escriba/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../src/platform/services';
import { createTestConsultation } from './clinical-factories';
import { createLoggedInUser } from './factories';
import { LlmFixture, type ChatRequestBody } from './llm-fixture';
import { speechWav } from './speech';
import { createTestApp, type TestApp } from './test-app';
import {
  confirmConsent,
  consultationUrl,
  partialTranscript,
  postChunk,
  waitForTranscript,
} from './transcription-requests';
import { seqOf, WhisperFixture, type FixtureBehaviour, type FixtureRequest } from './whisper-fixture';

type Headers = Record<string, string>;

/** A test app with a transcription provider and a chat model, both fixtures the tests script. */
export interface SpeakerScene {
  t: TestApp;
  whisper: WhisperFixture;
  llm: LlmFixture;
  /** Where a live socket connects to the app. */
  socketBase: string;
}

export function useSpeakerScene(): SpeakerScene {
  const scene = {} as SpeakerScene;
  beforeAll(async () => {
    scene.whisper = await WhisperFixture.start();
    scene.llm = await LlmFixture.start();
    scene.t = await createTestApp((config) => ({
      ...config,
      transcription: {
        ...config.transcription,
        whisper: { ...config.transcription.whisper, url: scene.whisper.baseUrl },
      },
      llm: { ...config.llm, url: scene.llm.baseUrl, timeoutMs: 5_000, idleTimeoutMs: 2_000 },
    }));
    scene.socketBase = (await scene.t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  });
  afterAll(async () => {
    await scene.t.close();
    await scene.whisper.close();
    await scene.llm.close();
  });
  return scene;
}

// What the provider hears in each chunk, segment by segment (times within the chunk).
export const DIALOGUE: Record<number, { start: number; end: number; text: string }[]> = {
  0: [
    { start: 0, end: 1.2, text: 'Bom dia, o que a senhora sente?' },
    { start: 1.2, end: 2.4, text: 'Dor de cabeça há três dias.' },
  ],
  1: [
    { start: 0, end: 1, text: 'Piora à noite?' },
    { start: 1, end: 2, text: 'Ela não dorme, doutora, eu sou a filha dela.' },
  ],
  2: [{ start: 0, end: 1.5, text: 'Vamos medir a pressão.' }],
};

/** The provider's answer for a chunk: its dialogue, each segment with a voice when `voices` are given. */
export function dialogueAnswer(voices?: Record<number, string[]>): (request: FixtureRequest) => FixtureBehaviour {
  return (request) => {
    const seq = seqOf(request);
    return {
      segments: DIALOGUE[seq]!.map((segment, index) => ({
        ...segment,
        ...(voices && { speaker: voices[seq]![index] }),
      })),
    };
  };
}

/** The role pass as a model would answer it: questions are the professional's, "a filha dela" a companion's. */
export function labelByContent(body: ChatRequestBody): { json: Record<string, TSpeaker> } {
  const asked = body.messages?.at(-1)?.content.split('## Falas a identificar\n')[1] ?? '';
  const labels = [...asked.matchAll(/^\[(F\d+)\] (.*)$/gm)].map(([, key, text]): [string, TSpeaker] => [
    key!,
    text!.includes('?') || text!.startsWith('Vamos')
      ? 'profissional'
      : text!.includes('filha')
        ? 'acompanhante'
        : 'paciente',
  ]);
  return { json: Object.fromEntries(labels) };
}

/** A professional's consultation with the patient's consent to record. */
export async function recordingConsultation(app: App) {
  const user = await createLoggedInUser(app);
  const { id } = await createTestConsultation(app, user.headers);
  await confirmConsent(app, user.headers, id);
  return { ...user, id };
}

/** Records chunks 0…n-1 of real speech (the fixture says what it hears), stops, and waits for the stored transcript. */
export async function recordChunks(app: App, headers: Headers, id: string, chunks: number): Promise<void> {
  const speech = await speechWav('Bom dia, doutora. Estou com dor de cabeça há três dias.');
  for (let seq = 0; seq < chunks; seq += 1) {
    expect((await postChunk(app, headers, id, seq, speech)).statusCode).toBe(202);
  }
  await waitForTranscript(app, headers, id, (each) => each.pending === 0 && each.next_seq === chunks);
  await app.inject({ method: 'DELETE', url: consultationUrl(id, '/evidences/transcript'), headers });
  await waitForTranscript(app, headers, id, (each) => each.state === 'stopped');
}

/** The partial transcript's segments as [seq, index, speaker, text]. */
export async function spokenSegments(app: App, headers: Headers, id: string) {
  return (await partialTranscript(app, headers, id)).segments.map(({ seq, index, speaker, text }) => [
    seq,
    index,
    speaker,
    text,
  ]);
}
