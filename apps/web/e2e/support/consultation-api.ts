import { expect, type APIRequestContext } from '@playwright/test';
import type { TPartialTranscript } from '@escriba/contract';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cachedFile } from '../../../server/test/file-cache';
import { speechWav } from '../../../server/test/speech';

/** How many chunks `record()` sends, one per dialogue line of the transcription fixture. */
export const RECORDED_CHUNKS = 16;

/** How long each recorded chunk lasts: the recorder's timer adds them up. */
export const CHUNK_SECONDS = 6;

/**
 * A chunk of real Portuguese speech (espeak-ng) padded with silence to CHUNK_SECONDS, made once per run: the server's
 * voice activity detector sends only speech to the provider. The transcription fixture gives the words.
 */
const SPOKEN = 'Bom dia, doutora. Estou com dor de cabeça há dias.';
const spokenWav = (seconds: number) =>
  cachedFile(['padded-speech.wav', SPOKEN, String(seconds)], () => padded(speechWav(SPOKEN), seconds));

async function padded(speech: Promise<Buffer>, chunkSeconds: number): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'escriba-e2e-chunk-'));
  try {
    await writeFile(join(folder, 'speech.wav'), await speech);
    const seconds = String(chunkSeconds);
    await promisify(execFile)('ffmpeg', [
      ...['-loglevel', 'error', '-i', join(folder, 'speech.wav')],
      ...['-af', `apad=whole_dur=${seconds}`, '-t', seconds, '-ar', '16000', '-ac', '1', join(folder, 'chunk.wav')],
    ]);
    return await readFile(join(folder, 'chunk.wav'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The consultation's API, as the professional (bearer token). */
export function consultationApi(request: APIRequestContext, token: string, id: string) {
  const headers = { authorization: `Bearer ${token}` };
  const base = `/api/v1/user/consultations/${id}`;
  const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
    return response;
  };
  return {
    get: async <T>(path: string) => (await (await ok(await request.get(`${base}${path}`, { headers }))).json()) as T,
    /**
     * A recorded consultation: consent, then `chunks` spoken chunks of `seconds`, then stop (unless `isStopped` is
     * false). The transcription fixture hears one dialogue line in a recorder's chunk, one every 5 s in a longer one
     * (transcript-lines.ts).
     */
    async record({ chunks = RECORDED_CHUNKS, seconds = CHUNK_SECONDS, isStopped = true } = {}): Promise<void> {
      await ok(await request.put(`${base}/recording-consent`, { headers }));
      const audio = await spokenWav(seconds);
      for (let seq = 0; seq < chunks; seq += 1) {
        await ok(
          await request.post(`${base}/evidences/transcript`, {
            headers,
            params: { seq },
            multipart: { file: { name: `${seq}.wav`, mimeType: 'audio/wav', buffer: audio } },
          }),
        );
      }
      if (isStopped) await ok(await request.delete(`${base}/evidences/transcript`, { headers }));
    },
    /** Waits until the recording has stopped and every chunk is transcribed (within `timeout` ms, if given). */
    async transcribed(timeout?: number): Promise<void> {
      await expect
        .poll(
          async () => {
            const transcript = await this.get<TPartialTranscript>('/partial-transcript');
            return transcript.state === 'stopped' && transcript.pending === 0;
          },
          { timeout },
        )
        .toBe(true);
    },
    put: async <T>(path: string, data: object) =>
      (await (await ok(await request.put(`${base}${path}`, { headers, data }))).json()) as T,
    async addEvidence(name: string, buffer: Buffer): Promise<void> {
      await ok(
        await request.post(`${base}/evidences/add-evidence`, {
          headers,
          multipart: { file: { name, mimeType: 'application/pdf', buffer } },
        }),
      );
    },
  };
}
