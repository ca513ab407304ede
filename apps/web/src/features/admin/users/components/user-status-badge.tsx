import type { TUserStatus } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';
import { USER_STATUS_LABELS, USER_STATUS_TONES } from '../user-labels';

export function UserStatusBadge({ status }: { status: TUserStatus }) {
  return (
    <Badge tone={USER_STATUS_TONES[status]} hasDot>
      {USER_STATUS_LABELS[status]}
    </Badge>
  );
}
