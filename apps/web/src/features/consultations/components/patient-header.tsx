import { PATIENT_SEX_LABELS, type TPatient } from '@escriba/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { displayName, formatAge, formatCalendarDay } from '../../../lib/format';
import { applyMask } from '../../../lib/masks';

/** Who the consultation is for: name, age and the data a clinician checks first. */
export function PatientHeader({ patient }: { patient: TPatient }) {
  const facts: { label: string; value: string }[] = [];
  const age = formatAge(patient);
  if (age) facts.push({ label: 'Idade', value: age });
  if (patient.birth_date) facts.push({ label: 'Nascimento', value: formatCalendarDay(patient.birth_date) });
  if (patient.sex) facts.push({ label: 'Sexo', value: PATIENT_SEX_LABELS[patient.sex] });
  if (patient.cpf) facts.push({ label: 'CPF', value: applyMask('cpf', patient.cpf) });
  facts.push({ label: 'Convênio', value: patient.health_insurance?.name ?? 'Particular' });

  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={displayName(patient)} size="xl" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/patients/${patient.id}`}
            className="truncate font-semibold underline-offset-2 hover:underline"
            data-testid="patient-name"
          >
            {displayName(patient)}
          </Link>
          {patient.archived && <Badge>Arquivado</Badge>}
        </div>
        {patient.social_name && <p className="text-sm text-muted">Nome civil: {patient.name}</p>}
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
          {facts.map((fact) => (
            <div key={fact.label} className="flex gap-1.5">
              <dt className="text-muted">{fact.label}:</dt>
              <dd className="font-medium">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
