import { expect, type APIRequestContext } from '@playwright/test';
import type { TPartialTranscript } from '@escriba/contract';
import { speechWav } from '../../../server/test/speech';

/** How many chunks `record()` sends, one per dialogue line of the transcription fixture. */
export const RECORDED_CHUNKS = 16;

/**
 * A chunk of real Portuguese speech (espeak-ng), made once: the server's voice activity detector sends only speech
 * to the provider. The transcription fixture gives the words.
 */
let spokenChunk: Promise<Buffer> | undefined;
const spokenWav = () =>
  (spokenChunk ??= speechWav('Bom dia, doutora. Estou com dor de cabeça há três semanas, quase todo dia.'));

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
    /** A recorded consultation: consent, then one spoken chunk per dialogue line, then stop. */
    async record(): Promise<void> {
      await ok(await request.put(`${base}/recording-consent`, { headers }));
      const audio = await spokenWav();
      for (let seq = 0; seq < RECORDED_CHUNKS; seq += 1) {
        await ok(
          await request.post(`${base}/evidences/transcript`, {
            headers,
            params: { seq },
            multipart: { file: { name: `${seq}.wav`, mimeType: 'audio/wav', buffer: audio } },
          }),
        );
      }
      await ok(await request.delete(`${base}/evidences/transcript`, { headers }));
    },
    /** Waits until the recording has stopped and every chunk is transcribed. */
    async transcribed(): Promise<void> {
      await expect
        .poll(async () => {
          const transcript = await this.get<TPartialTranscript>('/partial-transcript');
          return transcript.state === 'stopped' && transcript.pending === 0;
        })
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
