import { PATIENT_SEX_LABELS, type TPatient } from '@escriba/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icon';
import { displayName, formatAge } from '../../../lib/format';
import { applyMask } from '../../../lib/masks';

function factsOf(patient: TPatient): string[] {
  return [
    formatAge(patient),
    patient.sex ? PATIENT_SEX_LABELS[patient.sex] : undefined,
    patient.cpf ? `CPF ${applyMask('cpf', patient.cpf)}` : undefined,
    patient.phone ? applyMask('phone', patient.phone) : undefined,
  ].filter((fact) => fact !== undefined);
}

export function PatientList({ patients }: { patients: TPatient[] }) {
  return (
    <ul
      aria-label="Pacientes"
      className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
    >
      {patients.map((patient) => (
        <li key={patient.id} data-testid="patient-row">
          <Link
            to={`/patients/${patient.id}`}
            className="flex items-center gap-4 px-4 py-3.5 outline-offset-[-2px] hover:bg-subtle sm:px-5"
          >
            <Avatar name={displayName(patient)} size="xl" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">
                {displayName(patient)}
                {patient.social_name && <span className="font-normal text-muted"> ({patient.name})</span>}
              </p>
              <p className="truncate text-sm text-muted">{factsOf(patient).join(' · ') || 'Sem dados adicionais'}</p>
            </div>
            <div className="hidden shrink-0 flex-wrap justify-end gap-1.5 sm:flex">
              {patient.health_insurance && <Badge tone="accent">{patient.health_insurance.name}</Badge>}
              {patient.archived && <Badge>Arquivado</Badge>}
            </div>
            <Icon name="chevron-right" className="size-4 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
