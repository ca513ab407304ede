import { ZCreateConsultationBody, type TCreateConsultationBody, type TPatient } from '@escriba/contract';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { DialogShell } from '../../../components/ui/dialog';
import { PatientFields } from '../../../components/ui/patient-fields';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useCreateConsultation } from '../../../lib/api/create-consultation';
import { usePatients } from '../../../lib/api/list-patients';
import { applyApiError } from '../../../lib/form-errors';
import {
  blankToNull,
  EMPTY_IDENTITY,
  IDENTITY_FIELDS,
  toIdentityBody,
  ZIdentityValues,
} from '../../../lib/patient-form';
import { PatientPicker } from './patient-picker';
import { formResolver } from '../../../lib/form-resolver';

type Mode = 'existing' | 'new';
const FORM_ID = 'new-consultation';

const ZNewConsultationForm = z
  .object({
    mode: z.enum(['existing', 'new']),
    patient_id: z.string(),
    patient: ZIdentityValues,
    title: z.string(),
    chief_complaint: z.string(),
  })
  .transform((values, context): TCreateConsultationBody => {
    if (values.mode === 'existing' && !values.patient_id) {
      context.addIssue({ code: 'custom', path: ['patient_id'], message: 'Escolha um paciente da lista' });
      return z.NEVER;
    }
    const details = {
      title: blankToNull(values.title) ?? undefined,
      chief_complaint: blankToNull(values.chief_complaint) ?? undefined,
    };
    return values.mode === 'new'
      ? { ...details, patient: toIdentityBody(values.patient) }
      : { ...details, patient_id: values.patient_id };
  })
  .pipe(ZCreateConsultationBody);
type NewConsultationForm = z.input<typeof ZNewConsultationForm>;

const FIELDS = [
  'patient_id',
  'title',
  'chief_complaint',
  ...IDENTITY_FIELDS.map((name) => `patient.${name}` as const),
] as const;

/** "Nova consulta": pick an active patient or register one, then open the consultation page. */
export function NewConsultationDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateConsultation();
  const [chosen, setChosen] = useState<TPatient>();
  const [formError, setFormError] = useState<string>();
  const form = useForm<NewConsultationForm, unknown, z.output<typeof ZNewConsultationForm>>({
    resolver: formResolver(ZNewConsultationForm),
    defaultValues: { mode: 'existing', patient_id: '', patient: EMPTY_IDENTITY, title: '', chief_complaint: '' },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const { setValue } = form;
  // The picker's first page (same query): a professional without patients starts on "Novo paciente".
  const hasNoPatients = usePatients({ page_size: 6, sort: 'name' }).data?.total === 0;
  useEffect(() => {
    if (hasNoPatients) setValue('mode', 'new');
  }, [hasNoPatients, setValue]);
  const errors = form.formState.errors;

  // Awaited, so the form stays submitting (its button disabled) until the answer: a double click sends once.
  const submit = form.handleSubmit((body) => {
    setFormError(undefined);
    return create.mutateAsync(body).then(
      (consultation) => {
        onClose();
        void navigate(`/${consultation.id}`);
      },
      (error: unknown) => setFormError(applyApiError(error, form.setError, FIELDS)),
    );
  });

  const choose = (patient: TPatient) => {
    setChosen(patient);
    setValue('patient_id', patient.id, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <DialogShell
      title="Nova consulta"
      description="Escolha o paciente ou cadastre um novo. Título e queixa principal podem ficar para depois."
      onClose={onClose}
      size="lg"
      footer={
        <FormActions
          submitLabel="Iniciar consulta"
          onCancel={onClose}
          isPending={create.isPending || form.formState.isSubmitting}
          form={FORM_ID}
        />
      }
    >
      <FormProvider {...form}>
        <form id={FORM_ID} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Nova consulta">
          {formError && <Alert tone="error">{formError}</Alert>}
          <Tabs.Root value={mode} onValueChange={(value) => setValue('mode', value as Mode)}>
            <Tabs.List aria-label="Paciente" className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-subtle p-1">
              {(
                [
                  ['existing', 'Paciente cadastrado'],
                  ['new', 'Novo paciente'],
                ] as const
              ).map(([value, label]) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="h-9 rounded-lg text-sm font-medium text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
                >
                  {label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="existing">
              <PatientPicker selected={chosen} onSelect={choose} error={errors.patient_id?.message} />
            </Tabs.Content>
            <Tabs.Content value="new" className="grid gap-4 sm:grid-cols-2">
              <PatientFields prefix="patient." />
            </Tabs.Content>
          </Tabs.Root>
          <div className="grid gap-4 border-t border-line pt-5">
            <TextField
              label="Título (opcional)"
              placeholder="Ex.: Retorno, primeira consulta"
              error={errors.title?.message}
              {...form.register('title')}
            />
            <TextareaField
              label="Queixa principal (opcional)"
              rows={2}
              error={errors.chief_complaint?.message}
              {...form.register('chief_complaint')}
            />
          </div>
        </form>
      </FormProvider>
    </DialogShell>
  );
}
