import type { TConsultation } from '@escriba/contract';
import { useParams } from 'react-router';
import { useConsultation } from '../../consultations/api/get-consultation';
import { ConsultationPage } from '../../consultations/pages/consultation-page';
import { assertUuid } from '../../../lib/route-errors';
import { useHostAnnouncements } from '../use-host-announcements';

export { consultationLoader as embedConsultationLoader } from '../../consultations/pages/consultation-page';

/** /embed/consultations/{id}: the consultation page, telling the framing system what happens in it. */
export function EmbedConsultationPage() {
  const consultation = useConsultation(assertUuid(useParams().id)).data;
  return (
    <>
      <ConsultationPage />
      {consultation && <HostAnnouncements consultation={consultation} />}
    </>
  );
}

function HostAnnouncements({ consultation }: { consultation: TConsultation }) {
  useHostAnnouncements(consultation);
  return null;
}
