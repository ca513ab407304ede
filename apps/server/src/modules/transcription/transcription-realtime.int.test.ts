import type { TLiveMessage } from '@escriba/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { RealtimeFixture } from '../../../test/realtime-fixture';
import { speechWav } from '../../../test/speech';
import { useTestApp } from '../../../test/test-app';
import { confirmConsent, postChunk, waitForTranscript } from '../../../test/transcription-requests';
import { SHORT_RETRY_BACKOFF, WhisperFixture } from '../../../test/whisper-fixture';

const STALL_MS = 1_000;
let realtime: RealtimeFixture;
let whisper: WhisperFixture;
let speech: Buffer;
beforeAll(async () => {
  [realtime, whisper, speech] = await Promise.all([
    RealtimeFixture.start(),
    WhisperFixture.start(),
    speechWav('Tenho tosse seca há uma semana.'),
  ]);
});
afterAll(async () => {
  await realtime.close();
  await whisper.close();
});
beforeEach(() => {
  realtime.behave = () => ({});
  whisper.behave = () => ({});
});
const t = useTestApp((config) => ({
  ...config,
  transcription: {
    ...config.transcription,
    whisper: { ...config.transcription.whisper, url: whisper.baseUrl },
    realtime: realtime.config(STALL_MS),
    retryBackoff: SHORT_RETRY_BACKOFF,
  },
}));

let base: string | undefined;
async function recording() {
  const user = await createLoggedInUser(t.app);
  base ??= (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  const client = await LiveClient.connect(base, user.session);
  const { id } = await createTestConsultation(t.app, user.headers);
  await confirmConsent(t.app, user.headers, id);
  return { headers: user.headers, id, client };
}

const chunkMessages = (client: LiveClient, id: string, seq: number) =>
  client.messages.filter((message) => message.consultation_id === id && message.seq === seq);
const isFinal = (id: string, seq: number) => (message: TLiveMessage) =>
  message.type === 'transcript' && message.consultation_id === id && message.seq === seq && !message.interim;
const isDelayNotice = (id: string) => (message: TLiveMessage) =>
  message.type === 'system' && message.consultation_id === id && message.seq === undefined;

describe('realtime transcription', () => {
  it('relays a stored chunk through the server and sends its final segment', async () => {
    const { headers, id, client } = await recording();
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    const final = await client.next(isFinal(id, 0), 15_000);
    expect(final).toMatchObject({ text: 'ao vivo 0', segments: [{ seq: 0, index: 0, start: 0, text: 'ao vivo 0' }] });
    expect(final.interim).toBeUndefined();
    // Its words so far are the recorder's live audio's to show (live-audio.int.test.ts), not the stored chunk's.
    expect(chunkMessages(client, id, 0)).toEqual([final]);
    // The key stays on the server; the audio went as the protocol's 24 kHz PCM, one commit per chunk.
    expect(realtime.connections.at(-1)?.authorization).toBe('Bearer chave-do-servidor');
    expect(realtime.connections.at(-1)?.url).toContain('intent=transcription');
    expect(realtime.sessionUpdates.at(-1)).toMatchObject({ input_audio_format: 'pcm16', turn_detection: null });
    const commit = realtime.commits.at(-1)!;
    expect(Math.abs(commit.audio.length / 48_000 - final.end!)).toBeLessThan(0.01);
    expect(whisper.requests).toHaveLength(0);
    const stored = await waitForTranscript(t.app, headers, id, (transcript) => transcript.pending === 0);
    expect(stored.segments.map((segment) => segment.text)).toEqual(['ao vivo 0']);
    client.close();
  });

  it('tells chunks in flight on one connection apart when the provider answers them out of order', async () => {
    const { headers, id, client } = await recording();
    const [first, connections] = [realtime.commits.length, realtime.connections.length];
    // The first commit answers slowest: its words come after the second's.
    realtime.behave = (commit) => ({ delayMs: commit.index === first ? 600 : 100 });
    const posted = await Promise.all([0, 1].map((seq) => postChunk(t.app, headers, id, seq, speech)));
    expect(posted.map((response) => response.statusCode)).toEqual([202, 202]);
    const finals = [await client.next(isFinal(id, 0), 15_000), await client.next(isFinal(id, 1), 15_000)];
    const texts = finals.map((message) => message.text);
    expect(texts.toSorted()).toEqual([`ao vivo ${first}`, `ao vivo ${first + 1}`]);
    // One connection for the consultation's chunks.
    expect(realtime.connections.length - connections).toBe(1);
    expect(whisper.requests).toHaveLength(0);
    client.close();
  });

  it('sends a chunk whose connection dropped through batch, says the live text is delayed, and streams the next', async () => {
    const { headers, id, client } = await recording();
    const first = realtime.commits.length;
    realtime.behave = (commit) => (commit.index === first ? { drop: true } : {});
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    expect((await client.next(isFinal(id, 0), 15_000)).text).toBe('trecho 0');
    expect((await client.next(isDelayNotice(id))).detail).toMatch(/texto ao vivo está atrasado.*caiu/);
    expect(whisper.callsBySeq().get(0)).toBe(1);
    expect((await postChunk(t.app, headers, id, 1, speech)).statusCode).toBe(202);
    expect((await client.next(isFinal(id, 1), 15_000)).text).toBe(`ao vivo ${first + 1}`);
    const stored = await waitForTranscript(t.app, headers, id, (transcript) => transcript.pending === 0);
    expect(stored.segments.map((segment) => segment.text)).toEqual(['trecho 0', `ao vivo ${first + 1}`]);
    client.close();
  });

  it('keeps a chunk that both the stream and batch failed, and streams it on its retry', async () => {
    const { headers, id, client } = await recording();
    const first = realtime.commits.length;
    realtime.behave = (commit) => (commit.index === first ? { drop: true } : {});
    whisper.behave = () => ({ status: 503 });
    const batchCalls = whisper.requests.length;
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    const isStatus = (status: string) => (message: TLiveMessage) =>
      message.consultation_id === id && message.provider_status === status;
    await client.next(isStatus('unavailable'), 10_000);
    expect((await client.next(isFinal(id, 0), 15_000)).text).toBe(`ao vivo ${first + 1}`);
    await client.next(isStatus('ok'));
    expect(whisper.requests.length - batchCalls).toBe(1);
    client.close();
  });

  it('sends a chunk through batch once the provider has said nothing for the stall timeout', async () => {
    const { headers, id, client } = await recording();
    realtime.behave = () => ({ stall: true });
    const posted = performance.now();
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    expect((await client.next(isDelayNotice(id), 10_000)).detail).toMatch(/parou de responder/);
    expect(performance.now() - posted).toBeGreaterThanOrEqual(STALL_MS);
    expect((await client.next(isFinal(id, 0), 15_000)).text).toBe('trecho 0');
    expect(chunkMessages(client, id, 0).filter((message) => message.type === 'transcript')).toHaveLength(1);
    client.close();
  });

  it('keeps the words a provider stalled on after its deltas out of the stored transcript', async () => {
    const { headers, id, client } = await recording();
    realtime.behave = () => ({ words: ['palavra', 'solta'], delayMs: 50, completeAfterMs: 60_000 });
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    const final = await client.next(isFinal(id, 0), 15_000);
    expect(final.text).toBe('trecho 0');
    const stored = await waitForTranscript(t.app, headers, id, (transcript) => transcript.pending === 0);
    expect(stored.segments.map((segment) => segment.text)).toEqual(['trecho 0']);
    client.close();
  });
});
