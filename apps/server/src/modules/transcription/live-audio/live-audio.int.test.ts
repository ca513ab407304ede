import { LIVE_AUDIO_CLOSE_CODES, type TLiveMessage } from '@escriba/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../../test/clinical-factories';
import { createLoggedInUser } from '../../../../test/factories';
import { LiveAudioClient } from '../../../../test/live-audio-client';
import type { App } from '../../../platform/services';
import { LiveClient } from '../../../../test/live-client';
import { RealtimeFixture } from '../../../../test/realtime-fixture';
import { speechWav } from '../../../../test/speech';
import { waitUntil } from '../../../../test/wait-until';
import { createTestApp, useTestApp, type TestApp } from '../../../../test/test-app';
import { confirmConsent, postChunk } from '../../../../test/transcription-requests';
import { readPcmWav } from '../audio/decode-audio';
import { PIECE_SECONDS } from './live-preview';

let realtime: RealtimeFixture;
let speech: Buffer;
let samples: Int16Array;
beforeAll(async () => {
  [realtime, speech] = await Promise.all([RealtimeFixture.start(), speechWav('Tenho tosse seca há uma semana.')]);
  samples = readPcmWav(speech)!.samples;
});
afterAll(() => realtime.close());
beforeEach(() => {
  realtime.behave = (commit) => ({ words: [`peça${commit.index}`], delayMs: 50 });
});
const t = useTestApp((config) => ({
  ...config,
  transcription: { ...config.transcription, realtime: realtime.config(1_000) },
}));

const addresses = new Map<App, Promise<string>>();
const addressOf = (app: App) => {
  if (!addresses.has(app)) addresses.set(app, app.listen({ host: '127.0.0.1', port: 0 }));
  return addresses.get(app)!.then((address) => address.replace('http', 'ws'));
};

async function recording(app = t.app) {
  const user = await createLoggedInUser(app);
  const base = await addressOf(app);
  const client = await LiveClient.connect(base, user.session);
  const { id } = await createTestConsultation(app, user.headers);
  await confirmConsent(app, user.headers, id);
  const openAudio = (consultationId = id, session = user.session) =>
    LiveAudioClient.open(base, session, consultationId);
  return { ...user, id, client, openAudio };
}

const interimsOf = (client: LiveClient, id: string, seq: number) =>
  client.messages.filter(
    (message) => message.type === 'transcript' && message.consultation_id === id && message.seq === seq,
  );
const isDelayNotice = (id: string) => (message: TLiveMessage) =>
  message.type === 'system' && message.consultation_id === id && message.seq === undefined;

describe('the recorder’s live audio', () => {
  it('relays a chunk’s audio in pieces as it is spoken, its words so far growing, until the stored chunk’s final', async () => {
    const { headers, id, client, openAudio } = await recording();
    const audio = await openAudio();
    const first = realtime.commits.length;
    audio.send({ type: 'utterance', seq: 0, start: 1.5 });
    const streaming = audio.stream(samples);
    // Words show while the chunk is still being spoken.
    const early = await client.next((message) => message.consultation_id === id && message.interim === true, 3_000);
    expect(early).toMatchObject({ seq: 0, start: 1.5, text: `peça${first}`, segments: [{ seq: 0, start: 1.5 }] });
    await streaming;
    audio.send({ type: 'utterance_end', seq: 0 });
    // Pieces of at least PIECE_SECONDS (a frame more at most) at the protocol's 24 kHz, the last one what was left
    // (unless under a tenth of a second).
    await waitUntil(async () => {
      const count = realtime.commits.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return realtime.commits.length === count;
    }, 'the last piece committed');
    const sent = realtime.commits.slice(first);
    const seconds = sent.map((commit) => commit.audio.length / 48_000);
    expect(seconds.slice(0, -1).every((piece) => piece >= PIECE_SECONDS && piece <= PIECE_SECONDS + 0.2)).toBe(true);
    const committed = seconds.reduce((sum, piece) => sum + piece, 0);
    expect(samples.length / 16_000 - committed).toBeLessThan(0.1);
    const everyPiece = sent.map((commit) => `peça${commit.index}`).join(' ');
    await client.next((message) => message.interim === true && message.text === everyPiece);
    const interims = interimsOf(client, id, 0);
    expect(interims.at(-1)!.end).toBeCloseTo(1.5 + committed, 2);

    // The stored chunk is transcribed whole, on its own connection; its final replaces the words shown.
    realtime.behave = () => ({ words: ['Tenho', 'tosse', 'seca'], delayMs: 20 });
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    const final = await client.next(
      (message) => message.seq === 0 && message.type === 'transcript' && !message.interim,
    );
    expect(final.text).toBe('Tenho tosse seca');
    // No words so far of the stored chunk's own: they would start over the words already shown.
    expect(interimsOf(client, id, 0).filter((message) => message.interim)).toHaveLength(interims.length);
    audio.close();
    client.close();
  });

  it('ignores audio outside an utterance and an end naming another chunk', async () => {
    const { id, client, openAudio } = await recording();
    const audio = await openAudio();
    const first = realtime.commits.length;
    await audio.stream(samples.subarray(0, 16_000));
    audio.send({ type: 'utterance', seq: 3, start: 0 });
    audio.send({ type: 'utterance_end', seq: 2 });
    await audio.stream(samples.subarray(0, 4_000));
    audio.send({ type: 'utterance_end', seq: 3 });
    await audio.stream(samples.subarray(0, 16_000));
    await client.next((message) => message.interim === true && message.seq === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(realtime.commits.length - first).toBe(1);
    expect(realtime.commits.at(-1)!.audio.length).toBe(4_000 * 3);
    expect(interimsOf(client, id, 3)).toHaveLength(1);
    audio.close();
    client.close();
  });

  it('tells the page once per chunk that its live words are late when the stream drops, and streams the next', async () => {
    const { id, client, openAudio } = await recording();
    const audio = await openAudio();
    realtime.behave = () => ({ drop: true });
    audio.send({ type: 'utterance', seq: 0, start: 0 });
    await audio.stream(samples.subarray(0, 24_000), 0.1);
    audio.send({ type: 'utterance_end', seq: 0 });
    expect((await client.next(isDelayNotice(id))).detail).toMatch(/texto ao vivo está atrasado/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.messages.filter(isDelayNotice(id))).toHaveLength(1);
    realtime.behave = () => ({ words: ['de', 'volta'], delayMs: 20 });
    audio.send({ type: 'utterance', seq: 1, start: 2 });
    await audio.stream(samples.subarray(0, 8_000), 0.1);
    expect((await client.next((message) => message.seq === 1 && message.text === 'de volta')).interim).toBe(true);
    audio.close();
    client.close();
  });

  it('relays no more audio than is spoken: a client sending faster is held to the pace of speech', async () => {
    const { client, openAudio } = await recording();
    const audio = await openAudio();
    const first = realtime.commits.length;
    audio.send({ type: 'utterance', seq: 0, start: 0 });
    // Twelve seconds of audio sent in an instant: the five a recorder may have kept while its socket opened pass.
    await audio.stream(new Int16Array(12 * 16_000).fill(1_000), 0.2, { isPaced: false });
    audio.send({ type: 'utterance_end', seq: 0 });
    await waitUntil(() => realtime.commits.length > first, 'a piece committed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const relayed = realtime.commits.slice(first).reduce((sum, commit) => sum + commit.audio.length / 48_000, 0);
    expect(relayed).toBeGreaterThanOrEqual(5);
    expect(relayed).toBeLessThan(5.5);
    audio.close();
    client.close();
  });

  it('says nothing of pieces the stream fails after the recorder closed its socket (a stop)', async () => {
    const { id, client, openAudio } = await recording();
    const audio = await openAudio();
    realtime.behave = () => ({ stall: true });
    audio.send({ type: 'utterance', seq: 0, start: 0 });
    await audio.stream(samples.subarray(0, 12_000), 0.1);
    audio.close();
    // The stalled piece fails at the stall timeout (1 s here).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(client.messages.filter(isDelayNotice(id))).toEqual([]);
    client.close();
  });

  it('closes a socket with a bad message, another professional’s consultation or an ended session', async () => {
    const { id, openAudio, session } = await recording();
    const bad = await openAudio();
    bad.send('{"type":"utterance","seq":-1,"start":0}');
    expect(await bad.closed).toBe(1007);
    const odd = await openAudio();
    odd.send(JSON.stringify({ type: 'utterance', seq: 0, start: 0 }));
    odd.send('not json');
    expect(await odd.closed).toBe(1007);

    const other = await recording();
    expect(await (await other.openAudio(id)).closed).toBe(LIVE_AUDIO_CLOSE_CODES.notFound);
    const stranger = { ...session, stream_token: 'nao-existe' };
    expect(await (await openAudio(id, stranger)).closed).toBe(4401);
  });
});

describe('the recorder’s live audio on a server without a streaming provider', () => {
  let batch: TestApp;
  beforeAll(async () => (batch = await createTestApp()));
  afterAll(() => batch.close());

  it('is closed at once with the code that tells the recorder not to stream', async () => {
    const { openAudio } = await recording(batch.app);
    expect(await (await openAudio()).closed).toBe(LIVE_AUDIO_CLOSE_CODES.unavailable);
  });
});
