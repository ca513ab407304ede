import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { useCreateConsultation } from '../../../lib/api/create-consultation';
import { patientQueryOptions, usePatient } from '../../../lib/api/get-patient';
import { readApiError } from '../../../lib/api-error';
import { displayName, formatAge } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { assertUuid, loadOrNotFound } from '../../../lib/route-errors';
import { toasts } from '../../../lib/toast-store';
import { patientExportUrl } from '../api/patient-rights';
import { useUpdatePatient } from '../api/update-patient';
import { askDeletePatient } from '../components/delete-patient-dialog';
import { PatientDetails } from '../components/patient-details';
import { PatientForm } from '../components/patient-form';
import { PatientHistory } from '../components/patient-history';

/** Spec §2: a malformed id, or one the API does not find for this professional, is a 404. */
export async function patientLoader({ params }: LoaderFunctionArgs) {
  const id = assertUuid(params.id);
  await loadOrNotFound(() => queryClient.ensureQueryData(patientQueryOptions(id)));
  return null;
}

const showError = (title: string) => (error: unknown) =>
  toasts.add({ title, description: readApiError(error).message, color: 'error' });

export function PatientPage() {
  const id = assertUuid(useParams().id);
  const patient = usePatient(id).data;
  const update = useUpdatePatient(id);
  const startConsultation = useCreateConsultation();
  // One object per visit of the page, so its Idempotency-Key too: a double click opens one consultation.
  const newConsultation = useMemo(() => ({ patient_id: id }), [id]);
  const navigate = useNavigate();
  // `?editar`: opened to complete the record (a patient without e-mail, from "Enviar ao paciente").
  const [searchParams] = useSearchParams();
  const [isEditing, setIsEditing] = useState(() => searchParams.has('editar'));
  if (!patient) return null;

  const setArchived = async (archived: boolean) => {
    const isConfirmed =
      !archived ||
      (await confirmAction({
        title: 'Arquivar paciente?',
        description: `${displayName(patient)} deixa de aparecer na lista e na escolha de paciente de novas consultas. O histórico é mantido, e você pode reativar o cadastro quando quiser.`,
        confirmLabel: 'Arquivar',
      }));
    if (!isConfirmed) return;
    update.mutate(
      { archived },
      {
        onSuccess: () =>
          toasts.add({ title: archived ? 'Paciente arquivado' : 'Paciente reativado', color: 'success' }),
        onError: showError('Não foi possível alterar o cadastro'),
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <Link
        to="/patients"
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-accent-ink hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> Pacientes
      </Link>
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={displayName(patient)} size="3xl" />
        {/* The actions move below the name when both do not fit (a tablet). */}
        <div className="min-w-64 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{displayName(patient)}</h1>
            {patient.archived && <Badge>Arquivado</Badge>}
          </div>
          <p className="text-muted">
            {[formatAge(patient) ?? 'Idade não informada', patient.health_insurance?.name].filter(Boolean).join(' · ')}
          </p>
        </div>
        {!isEditing && (
          <div className="flex flex-wrap gap-2">
            {!patient.archived && (
              <Button
                isLoading={startConsultation.isPending}
                onClick={() =>
                  startConsultation.mutate(newConsultation, {
                    onSuccess: (consultation) => void navigate(`/${consultation.id}`),
                    onError: showError('Não foi possível iniciar a consulta'),
                  })
                }
              >
                <Icon name="plus" className="size-4" /> Nova consulta
              </Button>
            )}
            <Button variant="secondary" onClick={() => setIsEditing(true)}>
              <Icon name="pencil" className="size-4" /> Editar
            </Button>
            <Link to={`/patients/${id}/access-log`} className={buttonClasses('secondary')}>
              <Icon name="shield-check" className="size-4" /> Acessos
            </Link>
            <Button
              variant="secondary"
              isLoading={update.isPending && update.variables?.archived !== undefined}
              onClick={() => void setArchived(!patient.archived)}
            >
              <Icon name={patient.archived ? 'archive-restore' : 'archive'} className="size-4" />
              {patient.archived ? 'Reativar' : 'Arquivar'}
            </Button>
            <a href={patientExportUrl(id)} download className={buttonClasses('secondary')}>
              <Icon name="download" className="size-4" /> Exportar dados (LGPD)
            </a>
            <Button
              variant="secondary"
              className="text-danger"
              onClick={() =>
                void askDeletePatient(patient).then((isDeleted) => isDeleted && void navigate('/patients'))
              }
            >
              <Icon name="trash" className="size-4" /> Excluir paciente
            </Button>
          </div>
        )}
      </header>
      {isEditing ? (
        <Card>
          <CardHeader title="Editar cadastro" />
          <PatientForm
            title="Editar paciente"
            patient={patient}
            submitLabel="Salvar alterações"
            isPending={update.isPending}
            onCancel={() => setIsEditing(false)}
            onSubmit={(body, onError) =>
              update.mutate(body, {
                onSuccess: () => {
                  setIsEditing(false);
                  toasts.add({ title: 'Cadastro atualizado', color: 'success' });
                },
                onError,
              })
            }
          />
        </Card>
      ) : (
        <PatientDetails patient={patient} />
      )}
      <PatientHistory patientId={id} />
    </div>
  );
}
