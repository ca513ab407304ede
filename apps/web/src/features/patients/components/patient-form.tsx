import type { TCreatePatientBody, TPatient } from '@escriba/contract';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddressFields } from '../../../components/ui/address-fields';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { PatientFields } from '../../../components/ui/patient-fields';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useLeaveGuard } from '../../../components/ui/use-leave-guard';
import { applyApiError } from '../../../lib/form-errors';
import { PATIENT_FIELDS, toPatientValues, ZPatientForm, type PatientValues } from '../../../lib/patient-form';
import { formResolver } from '../../../lib/form-resolver';

interface PatientFormProps {
  title: string;
  patient?: TPatient;
  submitLabel: string;
  isPending: boolean;
  /** A promise keeps the form submitting (its button disabled) until the save settles: a double click sends once. */
  onSubmit: (body: TCreatePatientBody, onError: (error: unknown) => void) => Promise<unknown> | void;
  onCancel: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The whole patient record: identity and contacts, address with CEP lookup, health plan and notes. */
export function PatientForm({ title, patient, submitLabel, isPending, onSubmit, onCancel }: PatientFormProps) {
  const [formError, setFormError] = useState<string>();
  const form = useForm<PatientValues, unknown, z.output<typeof ZPatientForm>>({
    resolver: formResolver(ZPatientForm),
    defaultValues: toPatientValues(patient),
  });
  const errors = form.formState.errors;
  // While a save is in flight the page may move on (to the saved record); otherwise changes are not dropped unasked.
  useLeaveGuard(form.formState.isDirty && !isPending);

  const submit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    await onSubmit(body, (error) => setFormError(applyApiError(error, form.setError, PATIENT_FIELDS)));
  });

  return (
    <FormProvider {...form}>
      <form aria-label={title} onSubmit={submit} noValidate className="flex flex-col gap-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Section title="Identificação e contato">
          <div className="grid gap-4 sm:grid-cols-2">
            <PatientFields />
          </div>
        </Section>
        <Section title="Endereço">
          <AddressFields />
        </Section>
        <Section title="Convênio">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Convênio ou plano"
              hint="Deixe em branco para atendimento particular."
              error={errors.health_insurance?.name?.message}
              {...form.register('health_insurance.name')}
            />
            <TextField
              label="Número da carteirinha"
              error={errors.health_insurance?.card_number?.message}
              {...form.register('health_insurance.card_number')}
            />
          </div>
        </Section>
        <Section title="Observações">
          <TextareaField
            label="Observações"
            className="[&_label]:sr-only"
            placeholder="Alergias, preferências de contato, o que for útil lembrar."
            error={errors.notes?.message}
            {...form.register('notes')}
          />
        </Section>
        <div className="flex justify-end gap-3 border-t border-line pt-5">
          <FormActions
            submitLabel={submitLabel}
            onCancel={onCancel}
            isPending={isPending || form.formState.isSubmitting}
          />
        </div>
      </form>
    </FormProvider>
  );
}
