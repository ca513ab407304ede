import {
  PSC_LIFETIME_CHOICES_SECONDS,
  PSC_MAX_LIFETIME_DEFAULT_SECONDS,
  ZPscProviderBody,
  ZPscProviderId,
  formatLifetime,
  type TAdminPscProvider,
} from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { DialogShell } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { PasswordField } from '../../../components/ui/password-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { applyApiError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { toasts } from '../../../lib/toast-store';
import { useSavePscProvider } from './psc-providers-api';

const ZForm = ZPscProviderBody.extend({ id: ZPscProviderId });
type FormInput = z.input<typeof ZForm>;
type FormOutput = z.output<typeof ZForm>;

/** A PSC provider's address and Escriba's client there; the secret is written, never read back. */
export function PscProviderFormDialog({ provider, onClose }: { provider?: TAdminPscProvider; onClose: () => void }) {
  const save = useSavePscProvider();
  const [formError, setFormError] = useState<string>();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: formResolver(ZForm),
    defaultValues: {
      id: provider?.id ?? '',
      name: provider?.name ?? '',
      base_url: provider?.base_url ?? '',
      client_id: provider?.client_id ?? '',
      client_secret: '',
      max_lifetime_seconds: provider?.max_lifetime_seconds ?? PSC_MAX_LIFETIME_DEFAULT_SECONDS,
      push: provider?.push ?? false,
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(({ id, ...body }) => {
    setFormError(undefined);
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          toasts.add({
            title: provider ? 'Provedor salvo' : 'Provedor cadastrado',
            description: body.name,
            color: 'success',
          });
          onClose();
        },
        onError: (error) =>
          setFormError(
            applyApiError(error, form.setError, [
              'id',
              'name',
              'base_url',
              'client_id',
              'client_secret',
              'max_lifetime_seconds',
            ]),
          ),
      },
    );
  });
  return (
    <DialogShell
      title={provider ? `Editar ${provider.name}` : 'Novo provedor de certificado em nuvem'}
      description="Os dados que o provedor PSC deu ao cadastrar o Escriba como aplicação (API do ITI, DOC-ICP-17.01)."
      size="lg"
      onClose={onClose}
      footer={
        <FormActions
          form="psc-provider-form"
          submitLabel={provider ? 'Salvar' : 'Cadastrar provedor'}
          onCancel={onClose}
          isPending={save.isPending}
        />
      }
    >
      <form
        id="psc-provider-form"
        onSubmit={submit}
        onChange={() => setFormError(undefined)}
        className="flex flex-col gap-4"
        noValidate
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nome" placeholder="Ex.: BirdID" error={errors.name?.message} {...form.register('name')} />
          <TextField
            label="Identificador"
            placeholder="Ex.: birdid"
            hint="Letras minúsculas, números, hífens e sublinhados; não muda depois."
            readOnly={Boolean(provider)}
            error={errors.id?.message}
            {...form.register('id')}
          />
        </div>
        <TextField
          label="Endereço da API"
          placeholder="https://api.provedor.com.br"
          hint="O endereço antes de /v0/oauth."
          error={errors.base_url?.message}
          {...form.register('base_url')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="client_id"
            autoComplete="off"
            error={errors.client_id?.message}
            {...form.register('client_id')}
          />
          <PasswordField
            label="client_secret"
            autoComplete="new-password"
            hint={provider ? 'Em branco mantém o guardado; nunca é mostrado.' : 'Guardado cifrado; nunca é mostrado.'}
            error={errors.client_secret?.message}
            {...form.register('client_secret')}
          />
        </div>
        <SelectField
          label="Autorização mais longa"
          hint="O limite que o provedor aceita para uma sessão de assinaturas."
          error={errors.max_lifetime_seconds?.message}
          {...form.register('max_lifetime_seconds', { valueAsNumber: true })}
        >
          {PSC_LIFETIME_CHOICES_SECONDS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {formatLifetime(seconds)}
            </option>
          ))}
        </SelectField>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5" {...form.register('push')} />
          <span>
            Autoriza também pelo celular (push, como o VIDaaS): o profissional aprova uma notificação no aplicativo do
            provedor, sem sair do Escriba.
          </span>
        </label>
      </form>
    </DialogShell>
  );
}
