import type { TConsultation } from '@escriba/contract';
import { ConsultationStatusBadge } from '../../../../components/ui/consultation-status-badge';
import { shownStatus } from './consultation-state';
import { useLiveRecording } from './live-recording';

/** The consultation page's status, in the words of every list (see shownStatus). */
export function ConsultationStateBadge({ consultation }: { consultation: TConsultation }) {
  const phase = useLiveRecording(consultation.id, (recording) => recording.phase);
  return (
    <span role="status" data-testid="consultation-state">
      <ConsultationStatusBadge status={shownStatus(consultation.status, phase)} />
    </span>
  );
}
