import type { TConsultationStatus, TPartialTranscript } from '@escriba/contract';
import type { BadgeTone } from '../../../../components/ui/badge';
import { STATUS_LABELS, STATUS_TONES, STATUSES } from '../../../../lib/consultation-status';
import type { RecorderPhase } from './live-recording';
import type { summarizeOutbox } from './outbox';

/** What is happening to a consultation now, as the page's badge says it (issue 18). */
export type ConsultationState =
  'draft' | 'recording' | 'paused' | 'interrupted' | 'transcribing' | 'transcribed' | 'processing' | 'done';

type StateLook = { label: string; tone: BadgeTone };

const STORED_STATUS_STATES = Object.fromEntries(
  STATUSES.map((status) => [status, { label: STATUS_LABELS[status], tone: STATUS_TONES[status] }]),
) as Record<TConsultationStatus, StateLook>;

/** The server's statuses as the lists show them, and what this page knows besides. */
export const CONSULTATION_STATES: Record<ConsultationState, StateLook> = {
  ...STORED_STATUS_STATES,
  paused: { label: 'Pausada', tone: 'warning' },
  interrupted: { label: 'Gravação interrompida', tone: 'warning' },
  transcribing: { label: 'Transcrevendo', tone: 'warning' },
  transcribed: { label: 'Transcrita', tone: 'accent' },
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
