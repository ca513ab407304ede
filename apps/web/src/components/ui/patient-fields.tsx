import { PATIENT_SEX_LABELS, ZPatientSex } from '@escriba/contract';
import { useFormContext } from 'react-hook-form';
import { readFieldError } from '../../lib/form-errors';
import type { PatientIdentityValues } from '../../lib/patient-form';
import { SelectField } from './select-field';
import { TextField } from './text-field';

interface PatientFieldsProps {
  /** Where the fields sit in the surrounding form: at its top or under `patient`. */
  prefix?: '' | 'patient.';
}

/**
 * A patient's identity and contacts, inside a react-hook-form FormProvider; the parent lays them out
 * in a two-column grid. Shared by the patients screen and the new-consultation dialog.
 */
export function PatientFields({ prefix = '' }: PatientFieldsProps) {
  const { register, formState } = useFormContext();
  const field = (name: keyof PatientIdentityValues) => ({
    ...register(`${prefix}${name}`),
    error: readFieldError(formState.errors, `${prefix}${name}`),
  });

  return (
    <>
      <TextField label="Nome completo" autoComplete="off" className="sm:col-span-2" {...field('name')} />
      <TextField
        label="Nome social (opcional)"
        hint="Como a pessoa prefere ser chamada."
        autoComplete="off"
        {...field('social_name')}
      />
      <TextField label="Data de nascimento" type="date" {...field('birth_date')} />
      <SelectField label="Sexo" {...field('sex')}>
        <option value="">Não informado</option>
        {ZPatientSex.options.map((sex) => (
          <option key={sex} value={sex}>
            {PATIENT_SEX_LABELS[sex]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="CPF (opcional)"
        inputMode="numeric"
        mask="cpf"
        placeholder="000.000.000-00"
        autoComplete="off"
        {...field('cpf')}
      />
      <TextField label="Telefone" type="tel" mask="phone" placeholder="(00) 00000-0000" {...field('phone')} />
      <TextField label="E-mail (opcional)" type="email" autoComplete="off" {...field('email')} />
    </>
  );
}
