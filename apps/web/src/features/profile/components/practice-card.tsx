import { ZPractice, type TUser } from '@escriba/contract';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddressFields } from '../../../components/ui/address-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { ADDRESS_PATHS, toAddressValues } from '../../../lib/address-form';
import { applyApiError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { applyMask } from '../../../lib/masks';
import { toasts } from '../../../lib/toast-store';
import { useUpdateMe } from '../api/update-me';

type PracticeForm = z.input<typeof ZPractice>;

/** "Local de atendimento": the practice printed at the top of every document (CFM Res. 2.299/2021). */
export function PracticeCard({ user }: { user: TUser }) {
  const updateMe = useUpdateMe();
  const [formError, setFormError] = useState<string>();
  const form = useForm<PracticeForm, unknown, z.output<typeof ZPractice>>({
    resolver: formResolver(ZPractice),
    defaultValues: practiceValues(user.practice),
  });
  const errors = form.formState.errors;

  const save = (practice: z.output<typeof ZPractice> | null, saved: string) => {
    setFormError(undefined);
    updateMe.mutate(
      { practice },
      {
        onSuccess: (user) => {
          toasts.add({ title: saved, color: 'success' });
          if (!user.practice) form.reset(practiceValues());
        },
        onError: (error) => setFormError(applyApiError(error, form.setError, ['name', 'phone', ...ADDRESS_PATHS])),
      },
    );
  };
  const onSubmit = form.handleSubmit(({ address, ...practice }) =>
    save(
      { ...practice, address: { ...address, complement: address.complement || undefined } },
      'Local de atendimento salvo',
    ),
  );

  return (
    <Card aria-labelledby="practice-title">
      <CardHeader
        id="practice-title"
        title="Local de atendimento"
        description="Nome, endereço e telefone impressos no cabeçalho dos documentos em PDF, como pede a Resolução CFM nº 2.299/2021."
      />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-6">
            <TextField
              label="Nome do local"
              placeholder="Clínica, consultório ou hospital"
              className="sm:col-span-4"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextField
              label="Telefone do local"
              type="tel"
              mask="phone"
              className="sm:col-span-2"
              error={errors.phone?.message}
              {...form.register('phone')}
            />
          </div>
          <AddressFields isRequired />
          <div className="flex flex-wrap justify-end gap-2">
            {user.practice && (
              <Button
                variant="ghost"
                onClick={() => save(null, 'Local de atendimento removido')}
                disabled={updateMe.isPending}
              >
                Remover local
              </Button>
            )}
            <Button type="submit" isLoading={updateMe.isPending}>
              Salvar local
            </Button>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}

function practiceValues(practice?: TUser['practice']): PracticeForm {
  return {
    name: practice?.name ?? '',
    phone: applyMask('phone', practice?.phone ?? ''),
    // The select starts empty when no state is stored; the schema refuses it until one is chosen.
    address: toAddressValues(practice?.address) as PracticeForm['address'],
  };
}
