import type { TChunkQuery, TTranscription } from '@escriba/contract';
import { api } from '../../../lib/session';

/**
 * POST /user/consultations/{id}/evidences/transcript?seq=N: one WAV chunk, with what the recorder's voice activity
 * detector found (`speech=detected`, `silence_ms`); 202 once the server stored it.
 */
export function uploadTranscriptChunk(
  chunk: { consultationId: string; seq: number; isSpeech?: boolean; silenceMs?: number },
  audio: ArrayBuffer,
): Promise<unknown> {
  const { consultationId, seq, isSpeech, silenceMs } = chunk;
  const query: TChunkQuery = {
    seq,
    ...(isSpeech ? { speech: 'detected' } : {}),
    ...(silenceMs ? { silence_ms: silenceMs } : {}),
  };
  const body = new FormData();
  body.append('file', new Blob([audio], { type: 'audio/wav' }), `${seq}.wav`);
  return api(`/user/consultations/${consultationId}/evidences/transcript`, { method: 'POST', query, body });
}

/** DELETE /user/consultations/{id}/evidences/transcript: stop; chunks already accepted are still transcribed. */
export function stopTranscription(id: string): Promise<TTranscription> {
  return api<TTranscription>(`/user/consultations/${id}/evidences/transcript`, { method: 'DELETE' });
}

/** POST .../evidences/transcript/continue ("Continuar gravação"): chunks are accepted again from next_seq. */
export function continueTranscription(id: string): Promise<TTranscription> {
  return api<TTranscription>(`/user/consultations/${id}/evidences/transcript/continue`, { method: 'POST' });
}
