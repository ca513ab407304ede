import type { TConsultation } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';
import { usePartialTranscript } from '../../api/get-partial-transcript';
import { CONSULTATION_STATES, consultationState } from './consultation-state';
import { useLiveRecording } from './live-recording';
import { useOutbox } from './use-outbox';

/** The consultation page's status: what is true now (recording, paused, transcribing…), not only the stored status. */
export function ConsultationStateBadge({ consultation }: { consultation: TConsultation }) {
  const phase = useLiveRecording(consultation.id, (recording) => recording.phase);
  const transcript = usePartialTranscript(consultation.id).data;
  const outbox = useOutbox(consultation.id);
  const state = consultationState({ status: consultation.status, phase, transcript, outbox });
  const { label, tone } = CONSULTATION_STATES[state];
  return (
    <span role="status" data-testid="consultation-state">
      <Badge tone={tone} hasDot>
        {label}
      </Badge>
    </span>
  );
}
