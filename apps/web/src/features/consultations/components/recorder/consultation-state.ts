import type { TConsultationStatus, TPartialTranscript } from '@escriba/contract';
import type { BadgeTone } from '../../../../components/ui/badge';
import type { RecorderPhase } from './live-recording';
import type { summarizeOutbox } from './outbox';

/** What is happening to a consultation now, as the page's badge says it (issue 18). */
export type ConsultationState =
  'draft' | 'recording' | 'paused' | 'interrupted' | 'transcribing' | 'transcribed' | 'processing' | 'done';

export const CONSULTATION_STATES: Record<ConsultationState, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Rascunho', tone: 'neutral' },
  recording: { label: 'Gravando', tone: 'danger' },
  paused: { label: 'Pausada', tone: 'warning' },
  interrupted: { label: 'Gravação interrompida', tone: 'warning' },
  transcribing: { label: 'Transcrevendo', tone: 'warning' },
  transcribed: { label: 'Transcrita', tone: 'accent' },
  processing: { label: 'Processando', tone: 'warning' },
  done: { label: 'Concluída', tone: 'success' },
};

interface StateInputs {
  status: TConsultationStatus;
  phase: RecorderPhase;
  transcript: TPartialTranscript | undefined;
  outbox: Pick<ReturnType<typeof summarizeOutbox>, 'waitingChunks' | 'isStopWaiting'>;
}

/**
 * The stored status says `draft` until the server has the first chunk and again once a recording
 * stops; this browser knows more: the microphone is open or paused, chunks are on their way or being
 * transcribed, the transcript is finished.
 */
export function consultationState({ status, phase, transcript, outbox }: StateInputs): ConsultationState {
  if (status === 'done') return 'done';
  if (phase === 'recording') return 'recording';
  if (phase === 'paused') return 'paused';
  const isTranscribing =
    outbox.isStopWaiting || outbox.waitingChunks > 0 || (transcript !== undefined && transcript.pending > 0);
  if (isTranscribing || transcript?.state === 'stopping') return 'transcribing';
  if (status === 'processing') return 'processing';
  const hasAudio = (transcript?.next_seq ?? 0) > 0;
  // Recording on the server, but no microphone here: the page was reloaded or closed mid-recording.
  if (transcript?.state === 'recording' && hasAudio) return 'interrupted';
  if (transcript?.state === 'stopped' && hasAudio) return 'transcribed';
  return status === 'recording' ? 'interrupted' : 'draft';
}
