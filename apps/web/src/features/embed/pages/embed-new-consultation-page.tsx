import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { useCreateConsultation } from '../../../lib/api/create-consultation';
import { usePatient } from '../../../lib/api/get-patient';
import { readApiError } from '../../../lib/api-error';
import { displayName, formatAge } from '../../../lib/format';
import { assertUuid } from '../../../lib/route-errors';
import { toasts } from '../../../lib/toast-store';

export { patientLoader as embedPatientLoader } from '../../patients/pages/patient-page';

/** /embed/patients/{id}/new-consultation: starts a consultation of this patient inside the framing system. */
export function EmbedNewConsultationPage() {
  const id = assertUuid(useParams().id);
  const patient = usePatient(id).data;
  const start = useCreateConsultation();
  const navigate = useNavigate();
  if (!patient) return null;
  return (
    <Card className="mx-auto flex max-w-lg flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold">{displayName(patient)}</h1>
        <p className="text-muted">{formatAge(patient) ?? 'Idade não informada'}</p>
      </div>
      {patient.archived ? (
        <p className="text-sm text-muted">Paciente arquivado: reative-o no Escriba para iniciar uma consulta.</p>
      ) : (
        <Button
          isLoading={start.isPending}
          onClick={() =>
            start.mutate(
              { patient_id: id },
              {
                onSuccess: (consultation) => void navigate(`/embed/consultations/${consultation.id}`),
                onError: (error) =>
                  toasts.add({
                    title: 'Não foi possível iniciar a consulta',
                    description: readApiError(error).message,
                    color: 'error',
                  }),
              },
            )
          }
        >
          <Icon name="plus" className="size-4" /> Nova consulta
        </Button>
      )}
    </Card>
  );
}
