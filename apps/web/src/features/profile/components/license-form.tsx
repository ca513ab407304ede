import { ZBrazilianState, ZLicenseBody, type TLicenseBody, type TLicenseType } from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { applyApiError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';

// A select yields text; the contract wants the council's numeric id.
const ZLicenseForm = ZLicenseBody.extend({
  license_type_id: z.coerce.number<string>().int().positive('Escolha o conselho'),
  // A blank RQE is none.
  rqe: z
    .string()
    .transform((rqe) => rqe.trim() || null)
    .pipe(ZLicenseBody.shape.rqe.unwrap()),
});
type LicenseForm = z.input<typeof ZLicenseForm>;

interface LicenseFormProps {
  /** Names the form for assistive technology (it appears inline in the list). */
  title: string;
  licenseTypes: TLicenseType[];
  initial?: TLicenseBody;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (body: TLicenseBody, onError: (error: unknown) => void) => void;
  onCancel: () => void;
}

export function LicenseForm({
  title,
  licenseTypes,
  initial,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: LicenseFormProps) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<LicenseForm, unknown, TLicenseBody>({
    resolver: formResolver(ZLicenseForm),
    defaultValues: {
      license_type_id: initial ? String(initial.license_type_id) : '',
      number: initial?.number ?? '',
      state: initial?.state,
      rqe: initial?.rqe ?? '',
    },
  });
  const errors = formState.errors;

  const submit = handleSubmit((body) => {
    setFormError(undefined);
    onSubmit(body, (error) =>
      setFormError(applyApiError(error, setError, ['license_type_id', 'number', 'state', 'rqe'])),
    );
  });

  return (
    <form
      aria-label={title}
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-xl border border-line bg-subtle/50 p-4 sm:grid-cols-6"
    >
      {formError && (
        <Alert tone="error" className="sm:col-span-6">
          {formError}
        </Alert>
      )}
      <SelectField
        label="Conselho"
        className="sm:col-span-3"
        error={errors.license_type_id?.message}
        {...register('license_type_id')}
      >
        <option value="">Selecione</option>
        {licenseTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {type.code} — {type.profession}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Número do registro"
        className="sm:col-span-2"
        error={errors.number?.message}
        {...register('number')}
      />
      <SelectField label="UF" className="sm:col-span-1" error={errors.state?.message} {...register('state')}>
        <option value="">UF</option>
        {ZBrazilianState.options.map((state) => (
          <option key={state}>{state}</option>
        ))}
      </SelectField>
      <TextField
        label="RQE (opcional)"
        hint="Registro de Qualificação de Especialista, se você tiver"
        className="sm:col-span-3"
        error={errors.rqe?.message}
        {...register('rqe')}
      />
      <div className="flex justify-end gap-3 sm:col-span-6">
        <FormActions submitLabel={submitLabel} onCancel={onCancel} isPending={isPending} />
      </div>
    </form>
  );
}
