import type { TTranscription } from '@escriba/contract';
import { api } from '../../../lib/session';

/** POST /user/consultations/{id}/evidences/transcript?seq=N: one WAV chunk; 202 once the server stored it. */
export function uploadTranscriptChunk(id: string, seq: number, audio: ArrayBuffer): Promise<unknown> {
  const body = new FormData();
  body.append('file', new Blob([audio], { type: 'audio/wav' }), `${seq}.wav`);
  return api(`/user/consultations/${id}/evidences/transcript`, { method: 'POST', query: { seq }, body });
}

/** DELETE /user/consultations/{id}/evidences/transcript: stop; chunks already accepted are still transcribed. */
export function stopTranscription(id: string): Promise<TTranscription> {
  return api<TTranscription>(`/user/consultations/${id}/evidences/transcript`, { method: 'DELETE' });
}

/** POST .../evidences/transcript/continue ("Continuar gravação"): chunks are accepted again from next_seq. */
export function continueTranscription(id: string): Promise<TTranscription> {
  return api<TTranscription>(`/user/consultations/${id}/evidences/transcript/continue`, { method: 'POST' });
}
