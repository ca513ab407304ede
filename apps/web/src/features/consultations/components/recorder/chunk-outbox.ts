import { FetchError } from 'ofetch';
import { readApiError, readRetryAfterMs } from '../../../../lib/api-error';
import { defaultBackoffMs } from '../../../../lib/live-connection';
import { queryClient } from '../../../../lib/query-client';
import { stopTranscription, uploadTranscriptChunk } from '../../api/transcript-chunks';
import { createOutbox, type SendResult } from './outbox';
import { createBrowserOutboxStore, type OutboxEntry } from './outbox-store';

/**
 * A failed request, as the outbox treats it: no answer (offline), 408, 429 and 5xx are passing and
 * retried, after the server's `Retry-After` when it gives one (a 429 of the chunk limit); 401 ended the session (the client sends the professional to log in; the audio waits);
 * any other 4xx (409 after a stop, 413, 415…) will not change by retrying, so the professional is told.
 */
export function classifySendError(error: unknown): SendResult {
  const status = error instanceof FetchError ? error.status : undefined;
  if (status === undefined || status === 408 || status === 429 || status >= 500) {
    const afterMs = readRetryAfterMs(error);
    return afterMs === undefined ? { kind: 'retry' } : { kind: 'retry', afterMs };
  }
  if (status === 401) return { kind: 'paused' };
  return { kind: 'failed', detail: readApiError(error).message };
}

async function sendEntry(entry: OutboxEntry, audio: ArrayBuffer | undefined): Promise<SendResult> {
  try {
    if (entry.kind === 'stop') await stopTranscription(entry.consultationId);
    else if (audio && entry.seq !== undefined) await uploadTranscriptChunk({ ...entry, seq: entry.seq }, audio);
    else return { kind: 'failed', detail: 'O áudio deste trecho não foi encontrado neste navegador.' };
    return { kind: 'sent' };
  } catch (error) {
    return classifySendError(error);
  }
}

/** This browser's one outbox of recorded audio, shared by every consultation page and tab reload. */
export const chunkOutbox = createOutbox({
  store: createBrowserOutboxStore(),
  send: sendEntry,
  backoffMs: defaultBackoffMs,
  onSent: (entry) => {
    // The first chunk moves the consultation to recording and a stop moves it back: the server decides.
    void queryClient.invalidateQueries({ queryKey: ['consultations', entry.consultationId] });
    if (entry.kind === 'stop') void queryClient.invalidateQueries({ queryKey: ['consultations', 'list'] });
  },
});
