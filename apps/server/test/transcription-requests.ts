import type { TPartialTranscript } from '@escriba/contract';
import type { App } from '../src/platform/services';
import { waitUntil } from './wait-until';

type Headers = Record<string, string>;

/** A multipart body with one field `file`, as the recorder sends a chunk. */
export function multipartChunk(file: Buffer, fileName = 'trecho.wav', contentType = 'audio/wav') {
  const boundary = `escriba${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function consultationUrl(consultationId: string, rest: string): string {
  return `/api/v1/user/consultations/${consultationId}${rest}`;
}

/** POST .../evidences/transcript?seq=N with the chunk. */
export function postChunk(app: App, headers: Headers, consultationId: string, seq: number | string, file: Buffer) {
  const body = multipartChunk(file);
  return app.inject({
    method: 'POST',
    url: consultationUrl(consultationId, `/evidences/transcript?seq=${seq}`),
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export async function confirmConsent(app: App, headers: Headers, consultationId: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: consultationUrl(consultationId, '/recording-consent'),
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`consent: ${response.statusCode} ${response.body}`);
}

export async function partialTranscript(
  app: App,
  headers: Headers,
  consultationId: string,
): Promise<TPartialTranscript> {
  const response = await app.inject({
    method: 'GET',
    url: consultationUrl(consultationId, '/partial-transcript'),
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`partial transcript: ${response.statusCode} ${response.body}`);
  return response.json<TPartialTranscript>();
}

/** Waits until `check` holds for the partial transcript. */
export function waitForTranscript(
  app: App,
  headers: Headers,
  consultationId: string,
  check: (transcript: TPartialTranscript) => boolean,
  timeoutMs = 15_000,
): Promise<TPartialTranscript> {
  return waitUntil(
    async () => {
      const transcript = await partialTranscript(app, headers, consultationId);
      return check(transcript) && transcript;
    },
    'the expected partial transcript',
    timeoutMs,
  );
}
