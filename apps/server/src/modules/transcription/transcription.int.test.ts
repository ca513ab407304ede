import type { TErrorBody } from '@escriba/contract';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { silentWav, speechWav } from '../../../test/speech';
import { useTestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import {
  confirmConsent,
  consultationUrl,
  multipartChunk,
  partialTranscript,
  postChunk,
  waitForTranscript,
} from '../../../test/transcription-requests';
import { seqOf, SHORT_RETRY_BACKOFF, WhisperFixture } from '../../../test/whisper-fixture';

let fixture: WhisperFixture;
let speech: Buffer;
let silence: Buffer;
beforeAll(async () => {
  fixture = await WhisperFixture.start();
  [speech, silence] = await Promise.all([
    speechWav('Bom dia, doutora. Estou com dor de cabeça há três dias.'),
    silentWav(3),
  ]);
});
afterAll(() => fixture.close());
const t = useTestApp((config) => ({
  ...config,
  transcription: {
    ...config.transcription,
    whisper: { ...config.transcription.whisper, url: fixture.baseUrl },
    timeoutMs: 1000,
    maxChunkBytes: 1024 * 1024,
    retryBackoff: SHORT_RETRY_BACKOFF,
  },
}));

let base: string | undefined;
async function listeningBase(): Promise<string> {
  base ??= (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  return base;
}

async function recordingConsultation() {
  const user = await createLoggedInUser(t.app);
  const consultation = await createTestConsultation(t.app, user.headers);
  await confirmConsent(t.app, user.headers, consultation.id);
  return { user, headers: user.headers, id: consultation.id };
}

describe('live transcription', () => {
  it('transcribes real speech in seq order, skips a silent chunk, and stores the transcript on stop', async () => {
    const { user, headers, id } = await recordingConsultation();
    fixture.behave = () => ({});
    for (const [seq, audio] of [speech, silence, speech].entries()) {
      const response = await postChunk(t.app, headers, id, seq, audio);
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ seq, size: audio.length, content_type: 'audio/wav' });
    }
    const consultation = await t.app.inject({ method: 'GET', url: consultationUrl(id, ''), headers });
    expect(consultation.json()).toMatchObject({
      status: 'recording',
      recording_consent: { confirmed_by: user.user.id, confirmed_at: expect.stringMatching(/^\d{4}-/) as unknown },
    });
    const transcript = await waitForTranscript(t.app, headers, id, (each) => each.segments.length === 3);
    expect(transcript.segments.map((segment) => segment.text)).toEqual(['trecho 0', '', 'trecho 2']);
    const chunkSeconds = transcript.segments[0]!.end;
    expect(chunkSeconds).toBeGreaterThan(2);
    expect(transcript.segments[1]).toMatchObject({ start: chunkSeconds, end: chunkSeconds + 3 });
    expect(transcript.text).toBe('trecho 0\ntrecho 2');
    const sentForThis = fixture.requests.filter((request) => request.file.equals(silence));
    expect(sentForThis).toEqual([]);
    expect(fixture.requests.at(-1)).toMatchObject({
      model: 'mobiuslabsgmbh/faster-whisper-large-v3-turbo',
      language: 'pt',
      responseFormat: 'verbose_json',
    });

    const stop = await t.app.inject({ method: 'DELETE', url: consultationUrl(id, '/evidences/transcript'), headers });
    expect(stop.statusCode).toBe(200);
    const stored = await waitUntil(async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: consultationUrl(id, '/evidences/transcript'),
        headers,
      });
      return response.statusCode === 200 && response.json<{ text: string; version: number }>();
    }, 'the stored transcript');
    expect(stored).toMatchObject({ text: 'trecho 0\ntrecho 2', version: 1 });
    // AUDIO_RETENTION=delete (the default): the audio goes once the transcript is stored.
    const audioFolder = path.join(t.config.dataDir, 'files', 'consultations', id, 'audio');
    await waitUntil(() => !existsSync(audioFolder) || readdirSync(audioFolder).length === 0, 'the audio removed');
    expect((await partialTranscript(t.app, headers, id)).state).toBe('stopped');
    expect((await postChunk(t.app, headers, id, 3, speech)).statusCode).toBe(409);

    const corrected = await t.app.inject({
      method: 'PUT',
      url: consultationUrl(id, '/evidences/transcript/text'),
      headers,
      payload: { text: 'Bom dia, doutora.' },
    });
    expect(corrected.json()).toMatchObject({
      text: 'Bom dia, doutora.',
      version: 2,
      versions: [
        { version: 1, text: 'trecho 0\ntrecho 2' },
        { version: 2, text: 'Bom dia, doutora.' },
      ],
    });

    const reopened = await t.app.inject({
      method: 'POST',
      url: consultationUrl(id, '/evidences/transcript/continue'),
      headers,
    });
    expect(reopened.json()).toMatchObject({ state: 'recording', next_seq: 3 });
    expect((await postChunk(t.app, headers, id, 3, speech)).statusCode).toBe(202);
    await t.app.inject({ method: 'DELETE', url: consultationUrl(id, '/evidences/transcript'), headers });
    const appended = await waitUntil(async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: consultationUrl(id, '/evidences/transcript'),
        headers,
      });
      const body = response.json<{ version: number; text: string }>();
      return body.version === 3 && body;
    }, 'the transcript with the continued recording');
    expect(appended.text).toBe('Bom dia, doutora.\ntrecho 3');
  });

  it('stores a chunk sent again once and answers it as the first time', async () => {
    const { headers, id } = await recordingConsultation();
    fixture.behave = () => ({});
    const answers = await Promise.all([0, 0, 0].map((seq) => postChunk(t.app, headers, id, seq, speech)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    await waitForTranscript(t.app, headers, id, (each) => each.pending === 0 && each.segments.length === 1);
    const again = await postChunk(t.app, headers, id, 0, speech);
    expect(again.body).toBe(answers[0]!.body);
    const calls = fixture.requests.filter((request) => seqOf(request) === 0 && request.file.equals(speech));
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect((await partialTranscript(t.app, headers, id)).segments).toHaveLength(1);
  });

  it('keeps seq order when later chunks finish first', async () => {
    const { headers, id } = await recordingConsultation();
    fixture.behave = (request) => ({ delayMs: seqOf(request) === 0 ? 600 : 0 });
    for (const seq of [0, 1, 2]) expect((await postChunk(t.app, headers, id, seq, speech)).statusCode).toBe(202);
    const transcript = await waitForTranscript(t.app, headers, id, (each) => each.pending === 0);
    expect(transcript.segments.map((segment) => segment.seq)).toEqual([0, 1, 2]);
    expect(transcript.segments[1]!.start).toBe(transcript.segments[0]!.end);
  });

  it('keeps chunks while the provider fails (503, 429, timeout, hang-up) and transcribes them when it is back', async () => {
    const { headers, id } = await recordingConsultation();
    const failures = [{ status: 503 }, { status: 429 }, { delayMs: 1500 }, { hangUp: true }];
    let calls = 0;
    fixture.behave = () => failures[calls++] ?? {};
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    const waiting = await waitForTranscript(t.app, headers, id, (each) => each.provider_status === 'unavailable');
    expect(waiting).toMatchObject({
      pending: 1,
      provider_detail: expect.stringContaining('nova tentativa') as unknown,
    });
    const done = await waitForTranscript(t.app, headers, id, (each) => each.pending === 0, 30_000);
    expect(done).toMatchObject({ provider_status: 'ok', text: 'trecho 0' });
  }, 40_000);

  it('says when the model is not downloaded yet (404 from the faster-whisper server)', async () => {
    const { headers, id } = await recordingConsultation();
    fixture.behave = () => ({ status: 404 });
    await postChunk(t.app, headers, id, 0, speech);
    const waiting = await waitForTranscript(t.app, headers, id, (each) => each.provider_status === 'model_missing');
    expect(waiting.provider_detail).toContain('mobiuslabsgmbh/faster-whisper-large-v3-turbo');
    fixture.behave = () => ({});
    await waitForTranscript(t.app, headers, id, (each) => each.pending === 0, 10_000);
  });

  it('keeps the audio while the mode has no provider configured, and transcribes it once one is chosen', async () => {
    const { user, headers, id } = await recordingConsultation();
    const client = new LiveClient(await listeningBase(), user.session);
    await client.connected();
    fixture.behave = () => ({});
    const modeUrl = (query: string) => consultationUrl(id, `/evidences/transcript/mode?${query}`);
    expect((await t.app.inject({ method: 'PUT', url: modeUrl('mode=cloud'), headers })).statusCode).toBe(200);
    expect((await postChunk(t.app, headers, id, 0, speech)).statusCode).toBe(202);
    const message = await client.next((each) => each.type === 'system' && each.consultation_id === id, 10_000);
    expect(message).toMatchObject({
      provider_status: 'unconfigured',
      detail: expect.stringContaining('TRANSCRIPTION_URL') as unknown,
    });
    expect(await partialTranscript(t.app, headers, id)).toMatchObject({ pending: 1, provider_status: 'unconfigured' });
    await t.app.inject({ method: 'PUT', url: modeUrl('mode=faster-whisper&whisper_size=small'), headers });
    const done = await waitForTranscript(t.app, headers, id, (each) => each.pending === 0);
    expect(done).toMatchObject({ text: 'trecho 0', provider_status: 'ok' });
    expect(fixture.requests.at(-1)?.model).toBe('Systran/faster-whisper-small');
    client.close();
  });

  it('refuses wrong mode values naming the parameter, and keeps the chosen mode', async () => {
    const { headers, id } = await recordingConsultation();
    const modeUrl = (query: string) => consultationUrl(id, `/evidences/transcript/mode?${query}`);
    for (const [query, field] of [
      ['mode=local', 'mode'],
      ['mode=faster-whisper', 'whisper_size'],
      ['mode=faster-whisper&whisper_size=distil-large-v3', 'whisper_size'],
      ['mode=cloud&whisper_size=small', 'whisper_size'],
    ] as const) {
      const response = await t.app.inject({ method: 'PUT', url: modeUrl(query), headers });
      expect(response.statusCode, query).toBe(422);
      expect(errorLocs(response), query).toEqual([['querystring', field]]);
    }
    const set = await t.app.inject({ method: 'PUT', url: modeUrl('mode=faster-whisper&whisper_size=small'), headers });
    expect(set.json()).toMatchObject({ mode: 'faster-whisper', whisper_size: 'small', provider_status: 'ok' });
    const cloud = await t.app.inject({ method: 'PUT', url: modeUrl('mode=cloud'), headers });
    expect(cloud.json()).toMatchObject({ mode: 'cloud', whisper_size: null, provider_status: 'unconfigured' });
    // The professional's last choice is where their next consultation starts.
    await t.app.inject({ method: 'PUT', url: modeUrl('mode=faster-whisper&whisper_size=medium'), headers });
    const next = await createTestConsultation(t.app, headers);
    expect(await partialTranscript(t.app, headers, next.id)).toMatchObject({
      mode: 'faster-whisper',
      whisper_size: 'medium',
      state: 'recording',
      next_seq: 0,
      provider_status: 'ok',
      segments: [],
      pending: 0,
    });
  });

  it('refuses chunks before consent, bad seq, oversized and non-audio files', async () => {
    const user = await createLoggedInUser(t.app);
    const { id } = await createTestConsultation(t.app, user.headers);
    expect((await postChunk(t.app, user.headers, id, 0, speech)).statusCode).toBe(409);
    await confirmConsent(t.app, user.headers, id);
    expect(errorLocs(await postChunk(t.app, user.headers, id, -1, speech))).toEqual([['querystring', 'seq']]);
    expect((await postChunk(t.app, user.headers, id, 'x', speech)).statusCode).toBe(422);
    const big = Buffer.concat([speech.subarray(0, 44), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await postChunk(t.app, user.headers, id, 0, big)).statusCode).toBe(413);
    const text = Buffer.from('isto não é áudio '.repeat(100));
    const notAudio = await postChunk(t.app, user.headers, id, 0, text);
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json<TErrorBody>().detail).toContain('áudio');
    const noFile = multipartChunk(speech);
    const wrongField = await t.app.inject({
      method: 'POST',
      url: consultationUrl(id, '/evidences/transcript?seq=0'),
      headers: { ...user.headers, ...noFile.headers },
      payload: noFile.payload.toString('latin1').replace('name="file"', 'name="audio"'),
    });
    expect(wrongField.statusCode).toBe(422);
    expect((await partialTranscript(t.app, user.headers, id)).next_seq).toBe(0);
  });

  it('answers 404 for another professional’s consultation and 401 without a session', async () => {
    const { id } = await recordingConsultation();
    const stranger = await createLoggedInUser(t.app);
    const calls = [
      { method: 'PUT', url: consultationUrl(id, '/evidences/transcript/mode?mode=cloud') },
      { method: 'PUT', url: consultationUrl(id, '/recording-consent') },
      { method: 'GET', url: consultationUrl(id, '/partial-transcript') },
      { method: 'DELETE', url: consultationUrl(id, '/evidences/transcript') },
      { method: 'POST', url: consultationUrl(id, '/evidences/transcript/continue') },
      { method: 'GET', url: consultationUrl(id, '/evidences/transcript') },
      { method: 'PUT', url: consultationUrl(id, '/evidences/transcript/text'), payload: { text: 'Outro texto' } },
    ] as const;
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: stranger.headers })).statusCode, call.url).toBe(404);
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    expect((await postChunk(t.app, stranger.headers, id, 0, speech)).statusCode).toBe(404);
    expect((await postChunk(t.app, {}, id, 0, speech)).statusCode).toBe(401);
  });
});
