import { ZAdminPersonaBody, type TAdminPersona } from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { DialogShell } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { applyApiError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { toasts } from '../../../lib/toast-store';
import { useCreatePersona, useUpdatePersona } from './api/personas-api';

type PersonaInput = z.input<typeof ZAdminPersonaBody>;
type PersonaBody = z.output<typeof ZAdminPersonaBody>;

interface PersonaFormDialogProps {
  /** The persona to edit; a new one when left out. */
  persona?: TAdminPersona;
  onClose: () => void;
}

/** Name, description and instructions of a persona, checked with the contract's rules. */
export function PersonaFormDialog({ persona, onClose }: PersonaFormDialogProps) {
  const create = useCreatePersona();
  const update = useUpdatePersona();
  const [formError, setFormError] = useState<string>();
  const form = useForm<PersonaInput, unknown, PersonaBody>({
    resolver: formResolver(ZAdminPersonaBody),
    defaultValues: {
      name: persona?.name ?? '',
      description: persona?.description ?? '',
      instructions: persona?.instructions ?? '',
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) => {
    setFormError(undefined);
    const options = {
      onSuccess: () => {
        toasts.add({ title: persona ? 'Persona salva' : 'Persona criada', description: body.name, color: 'success' });
        onClose();
      },
      onError: (error: unknown) =>
        setFormError(applyApiError(error, form.setError, ['name', 'description', 'instructions'])),
    };
    if (persona) update.mutate({ id: persona.id, body }, options);
    else create.mutate(body, options);
  });

  return (
    <DialogShell
      title={persona ? `Editar ${persona.name}` : 'Nova persona'}
      description="A voz e as regras do assistente ao escrever as anamneses."
      size="lg"
      onClose={onClose}
      footer={
        <FormActions
          form="persona-form"
          submitLabel={persona ? 'Salvar' : 'Criar persona'}
          onCancel={onClose}
          isPending={create.isPending || update.isPending}
        />
      }
    >
      <form id="persona-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Nome"
          placeholder="Ex.: Cardiologista"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Descrição"
          hint="Opcional: para quem escolhe a persona."
          error={errors.description?.message}
          {...form.register('description')}
        />
        <TextareaField
          label="Instruções"
          rows={10}
          hint="O que o assistente deve seguir ao escrever com esta persona."
          error={errors.instructions?.message}
          {...form.register('instructions')}
        />
      </form>
    </DialogShell>
  );
}
