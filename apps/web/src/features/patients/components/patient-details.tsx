import { PATIENT_SEX_LABELS, type TPatient } from '@escriba/contract';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatAge, formatCalendarDay } from '../../../lib/format';
import { applyMask } from '../../../lib/masks';

function addressLines(address: NonNullable<TPatient['address']>): string {
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  // A town with one CEP may have no bairro.
  const place = [address.district, `${address.city}/${address.state}`].filter(Boolean).join(', ');
  return `${street} — ${place} · CEP ${applyMask('cep', address.cep)}`;
}

/** The record as read-only facts; "Editar" on the page opens the form. */
export function PatientDetails({ patient }: { patient: TPatient }) {
  const insurance = patient.health_insurance;
  const facts: [string, string | null][] = [
    ['Nome civil', patient.name],
    ['Nome social', patient.social_name],
    ['Nascimento', patient.birth_date && `${formatCalendarDay(patient.birth_date)} (${formatAge(patient)})`],
    ['Sexo', patient.sex && PATIENT_SEX_LABELS[patient.sex]],
    ['CPF', patient.cpf && applyMask('cpf', patient.cpf)],
    ['Telefone', patient.phone && applyMask('phone', patient.phone)],
    ['E-mail', patient.email],
    ['Convênio', insurance ? [insurance.name, insurance.card_number].filter(Boolean).join(' · ') : 'Particular'],
    ['Endereço', patient.address && addressLines(patient.address)],
    ['Observações', patient.notes],
  ];

  return (
    <Card aria-labelledby="details-title">
      <CardHeader id="details-title" title="Dados do paciente" />
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div
            key={label}
            className={label === 'Endereço' || label === 'Observações' ? 'sm:col-span-2 lg:col-span-3' : undefined}
          >
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-0.5 font-medium break-words whitespace-pre-line">
              {value ?? <span className="font-normal text-muted">Não informado</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
