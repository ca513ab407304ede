import type { TPartialTranscript } from '@escriba/contract';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { speechWav } from '../../../test/speech';
import { useTestApp } from '../../../test/test-app';
import { waitUntil } from '../../../test/wait-until';
import {
  confirmConsent,
  consultationUrl,
  partialTranscript,
  postChunk,
  waitForTranscript,
} from '../../../test/transcription-requests';
import { seqOf, SHORT_RETRY_BACKOFF, WhisperFixture } from '../../../test/whisper-fixture';

let fixture: WhisperFixture;
let speech: Buffer;
// A WAV header over bytes that are not audio: accepted as WAV by its content, undecodable.
const corruptWav = Buffer.concat([Buffer.from('RIFF\x24\x00\x01\x00WAVEfmt ', 'latin1'), Buffer.alloc(4000, 0x7f)]);
beforeAll(async () => {
  fixture = await WhisperFixture.start();
  speech = await speechWav('Tenho tosse seca há uma semana.');
});
afterAll(() => fixture.close());
const t = useTestApp((config) => ({
  ...config,
  transcription: {
    ...config.transcription,
    whisper: { ...config.transcription.whisper, url: fixture.baseUrl },
    retryBackoff: SHORT_RETRY_BACKOFF,
  },
}));

let base: string | undefined;
async function listeningBase(): Promise<string> {
  base ??= (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  return base;
}

/** A consultation recording three chunks, the middle one `middle`, then stopped; and its live socket. */
async function recordAndStop(middle: Buffer) {
  const user = await createLoggedInUser(t.app);
  const { id } = await createTestConsultation(t.app, user.headers);
  await confirmConsent(t.app, user.headers, id);
  const client = new LiveClient(await listeningBase(), user.session);
  await client.connected();
  for (const [seq, audio] of [speech, middle, speech].entries()) {
    expect((await postChunk(t.app, user.headers, id, seq, audio)).statusCode).toBe(202);
  }
  const stop = await t.app.inject({
    method: 'DELETE',
    url: consultationUrl(id, '/evidences/transcript'),
    headers: user.headers,
  });
  expect(stop.statusCode).toBe(200);
  return { headers: user.headers, id, client };
}

async function storedTranscript(headers: Record<string, string>, id: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: consultationUrl(id, '/evidences/transcript'), headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ text: string }>().text;
}

function audioFile(id: string, seq: number): string {
  return path.join(t.config.dataDir, 'files', 'consultations', id, 'audio', `${String(seq).padStart(6, '0')}.wav`);
}

const isSettled = (each: TPartialTranscript) => each.pending === 0 && each.state === 'stopped';

describe('chunks that cannot be transcribed', () => {
  it('fails a chunk whose audio the provider refuses (400) after a few tries, and still ends the transcript', async () => {
    const before = fixture.requests.length;
    fixture.behave = (request) => (seqOf(request) === 1 ? { status: 400 } : {});
    const { headers, id, client } = await recordAndStop(speech);
    await client.next((message) => message.type === 'end' && message.consultation_id === id, 30_000);
    const tries = fixture.requests.slice(before).filter((request) => seqOf(request) === 1);
    expect(tries).toHaveLength(4);

    const transcript = await waitForTranscript(t.app, headers, id, isSettled);
    const [first, third] = transcript.segments;
    expect(transcript.segments.map((segment) => segment.text)).toEqual(['trecho 0', 'trecho 2']);
    expect(transcript.failed_chunks).toEqual([
      { seq: 1, start: first!.end, end: third!.start, reason: expect.stringContaining('(400)') as unknown },
    ]);
    // The length recorded is the three chunks', the failed one's included, whatever the words' times.
    const speechSeconds = (speech.length - 44) / speech.readUInt32LE(28);
    expect(transcript.recorded_seconds).toBeCloseTo(3 * speechSeconds, 1);
    const notice = client.messages.find((message) => message.type === 'system' && message.seq === 1);
    expect(notice).toMatchObject({ consultation_id: id, start: first!.end, end: third!.start });
    expect(notice?.detail).toMatch(/^Não foi possível transcrever o trecho 1 \(00:0\d–00:\d\d\)/);
    expect(await storedTranscript(headers, id)).toMatch(
      /^trecho 0\n\[trecho 1 \(00:0\d–00:\d\d\) não transcrito\]\ntrecho 2$/,
    );
    // AUDIO_RETENTION=delete spares the failed chunk's audio: nothing accepted is lost. The transcribed
    // chunks' audio goes in a job queued with the stored transcript, so it may still be there at `end`.
    await waitUntil(() => !existsSync(audioFile(id, 0)), "the transcribed chunk's audio removed");
    expect(existsSync(audioFile(id, 1))).toBe(true);
    const failed = client.messages.find((message) => message.type === 'system' && message.seq === 1);
    expect(failed).toMatchObject({ detail: expect.stringMatching(/O áudio desse trecho fica guardado\.$/) as unknown });
    client.close();
  }, 40_000);

  it('fails a chunk whose audio is corrupt, with its place in the stored transcript', async () => {
    fixture.behave = () => ({});
    const { headers, id, client } = await recordAndStop(corruptWav);
    await client.next((message) => message.type === 'end' && message.consultation_id === id, 30_000);
    const transcript = await waitForTranscript(t.app, headers, id, isSettled);
    expect(transcript.failed_chunks).toEqual([
      {
        seq: 1,
        start: transcript.segments[0]!.end,
        end: null,
        reason: expect.stringContaining('corrompido') as unknown,
      },
    ]);
    expect(transcript.segments[1]!.start).toBe(transcript.segments[0]!.end);
    expect(await storedTranscript(headers, id)).toMatch(
      /^trecho 0\n\[trecho 1 \(a partir de 00:0\d\) não transcrito\]\ntrecho 2$/,
    );
    expect(existsSync(audioFile(id, 1))).toBe(true);
    const failed = client.messages.find((message) => message.type === 'system' && message.seq === 1);
    expect(failed).toMatchObject({ detail: expect.stringMatching(/O áudio desse trecho fica guardado\.$/) as unknown });
    client.close();
  }, 40_000);

  it('keeps a chunk pending while the provider refuses the key (401), and transcribes it once it is accepted', async () => {
    const user = await createLoggedInUser(t.app);
    const { id } = await createTestConsultation(t.app, user.headers);
    await confirmConsent(t.app, user.headers, id);
    // Refused until the test has seen it waiting, and more often than fail a refused audio (a fifth try
    // comes only once the fourth refusal is handled): a refused key must not fail the chunk.
    let refusals = 0;
    let isKeyAccepted = false;
    fixture.behave = () => (isKeyAccepted ? {} : (refusals++, { status: 401 }));
    expect((await postChunk(t.app, user.headers, id, 0, speech)).statusCode).toBe(202);
    await waitUntil(() => refusals > 4, 'the key refused five times');
    const waiting = await partialTranscript(t.app, user.headers, id);
    expect(waiting).toMatchObject({ provider_status: 'unavailable', pending: 1, failed_chunks: [] });
    expect(waiting.provider_detail).toContain('recusou a chave de acesso (401)');
    expect(waiting.provider_detail).toContain('WHISPER_API_KEY');
    isKeyAccepted = true;
    const done = await waitForTranscript(t.app, user.headers, id, (each) => each.pending === 0, 30_000);
    expect(done).toMatchObject({ provider_status: 'ok', text: 'trecho 0', failed_chunks: [] });
  }, 60_000);
});
