import type { TConsultationStatus } from '@escriba/contract';
import { STATUS_LABELS, STATUS_TONES } from '../../lib/consultation-status';
import { Badge } from './badge';

export function ConsultationStatusBadge({ status, className }: { status: TConsultationStatus; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} hasDot className={className}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
