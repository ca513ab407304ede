import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { classifySendError } from './chunk-outbox';

function httpError(status: number, detail?: string, headers: Record<string, string> = {}): FetchError {
  const error = new FetchError(`HTTP ${status}`);
  const response = new Response(null, { status, headers });
  Object.assign(error, { status, statusCode: status, data: detail ? { detail } : undefined, response });
  return error;
}

describe('classifySendError', () => {
  it('retries when the network or the server is passing through trouble', () => {
    expect(classifySendError(new FetchError('Failed to fetch'))).toEqual({ kind: 'retry' });
    expect(classifySendError(new TypeError('Failed to fetch'))).toEqual({ kind: 'retry' });
    for (const status of [408, 429, 500, 502, 503, 504])
      expect(classifySendError(httpError(status))).toEqual({ kind: 'retry' });
  });

  it('waits as long as the server asks when it says (Retry-After: over the chunk limit, an outage)', () => {
    const limited = httpError(429, 'Trechos de áudio demais em um minuto', { 'retry-after': '20' });
    expect(classifySendError(limited)).toEqual({ kind: 'retry', afterMs: 20_000 });
    expect(classifySendError(httpError(503, undefined, { 'retry-after': '5' }))).toEqual({
      kind: 'retry',
      afterMs: 5000,
    });
  });

  it('waits for a new session after a 401 instead of dropping the audio', () => {
    expect(classifySendError(httpError(401))).toEqual({ kind: 'paused' });
  });

  it('stops retrying a refusal that will not change and says why', () => {
    const stopped = 'A transcrição desta consulta foi encerrada';
    expect(classifySendError(httpError(409, stopped))).toEqual({ kind: 'failed', detail: stopped });
    expect(classifySendError(httpError(415, 'Formato de áudio não reconhecido'))).toMatchObject({ kind: 'failed' });
    expect(classifySendError(httpError(404))).toMatchObject({ kind: 'failed' });
  });
});
