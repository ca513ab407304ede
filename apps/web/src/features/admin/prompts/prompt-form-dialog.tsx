import {
  PROMPT_PURPOSE_LABELS,
  ZAdminPromptBody,
  ZPromptPurpose,
  type TAdminPrompt,
  type TAdminPromptBody,
} from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { DialogShell } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { applyApiError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { toasts } from '../../../lib/toast-store';
import { useCreatePrompt, useUpdatePrompt } from './api/prompts-api';

const FORM_ID = 'prompt-form';
const FIELDS = ['purpose', 'name', 'text', 'active'] as const;

interface PromptFormDialogProps {
  /** The prompt to edit (name and text); a new one when left out. */
  prompt?: TAdminPrompt;
  onClose: () => void;
}

/** Creates a prompt (version 1), or renames it and writes its next version. */
export function PromptFormDialog({ prompt, onClose }: PromptFormDialogProps) {
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const [formError, setFormError] = useState<string>();
  const form = useForm<TAdminPromptBody>({
    resolver: formResolver(ZAdminPromptBody),
    defaultValues: {
      purpose: prompt?.purpose ?? 'anamnesis',
      name: prompt?.name ?? '',
      text: prompt?.text ?? '',
      active: false,
    },
  });
  const errors = form.formState.errors;
  const onError = (error: unknown) => setFormError(applyApiError(error, form.setError, FIELDS));

  const submit = form.handleSubmit(({ purpose, name, text, active }) => {
    setFormError(undefined);
    if (!prompt) {
      create.mutate(
        { purpose, name, text, active },
        {
          onSuccess: () => {
            toasts.add({ title: 'Prompt criado', description: name, color: 'success' });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    // Only what changed is sent: the same text would add no version anyway.
    const changes = { name: name !== prompt.name ? name : undefined, text: text !== prompt.text ? text : undefined };
    if (changes.name === undefined && changes.text === undefined) return onClose();
    update.mutate(
      { id: prompt.id, body: changes },
      {
        onSuccess: (saved) => {
          const description = changes.text === undefined ? name : `${name}: versão ${saved.version}`;
          toasts.add({ title: 'Prompt salvo', description, color: 'success' });
          onClose();
        },
        onError,
      },
    );
  });

  return (
    <DialogShell
      title={prompt ? `Editar ${prompt.name}` : 'Novo prompt'}
      description={prompt ? `Prompt de ${PROMPT_PURPOSE_LABELS[prompt.purpose]}, versão ${prompt.version}.` : undefined}
      size="lg"
      onClose={onClose}
      footer={
        <FormActions
          form={FORM_ID}
          submitLabel={prompt ? 'Salvar' : 'Criar prompt'}
          onCancel={onClose}
          isPending={create.isPending || update.isPending}
        />
      }
    >
      <form id={FORM_ID} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        {!prompt && (
          <SelectField label="Finalidade" error={errors.purpose?.message} {...form.register('purpose')}>
            {ZPromptPurpose.options.map((purpose) => (
              <option key={purpose} value={purpose}>
                {PROMPT_PURPOSE_LABELS[purpose]}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label="Nome" error={errors.name?.message} {...form.register('name')} />
        <TextareaField
          label="Texto"
          rows={14}
          className="font-mono"
          hint={
            prompt
              ? `Salvar cria a versão ${prompt.version + 1}; as notas antigas continuam apontando para a versão que usaram.`
              : 'Salvo como versão 1.'
          }
          error={errors.text?.message}
          {...form.register('text')}
        />
        {!prompt && (
          <div>
            <label className="flex items-center gap-2 text-[15px] font-medium">
              <input
                type="checkbox"
                aria-describedby="prompt-activate-note"
                className="size-4 accent-accent-600"
                {...form.register('active')}
              />
              Ativar
            </label>
            <p id="prompt-activate-note" className="mt-1 ml-6 text-sm text-muted">
              Passa a ser o prompt usado nessa finalidade; o ativo atual é desativado.
            </p>
          </div>
        )}
      </form>
    </DialogShell>
  );
}
