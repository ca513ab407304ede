import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { toasts } from '../../../lib/toast-store';
import { useCreatePatient } from '../api/create-patient';
import { PatientForm } from '../components/patient-form';

export function NewPatientPage() {
  const navigate = useNavigate();
  const create = useCreatePatient();
  return (
    <div className="flex flex-col gap-5">
      <Link
        to="/patients"
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-accent-ink hover:underline"
      >
        <Icon name="arrow-left" className="size-4" /> Pacientes
      </Link>
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Novo paciente</h1>
        <p className="mt-2 text-muted">Só o nome é obrigatório; o restante pode ser completado depois.</p>
      </header>
      <Card>
        <PatientForm
          title="Novo paciente"
          submitLabel="Cadastrar paciente"
          isPending={create.isPending}
          onCancel={() => void navigate('/patients')}
          onSubmit={(body, onError) =>
            create.mutateAsync(body).then((patient) => {
              toasts.add({ title: 'Paciente cadastrado', color: 'success' });
              void navigate(`/patients/${patient.id}`, { replace: true });
            }, onError)
          }
        />
      </Card>
    </div>
  );
}
