import { ZAddress, type TUser } from '@escriba/contract';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { AddressFields } from '../../../components/ui/address-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ADDRESS_PATHS, toAddressValues } from '../../../lib/address-form';
import { applyApiError } from '../../../lib/form-errors';
import { toasts } from '../../../lib/toast-store';
import { useUpdateMe } from '../api/update-me';
import { formResolver } from '../../../lib/form-resolver';

const ZAddressForm = z.object({ address: ZAddress });
type AddressForm = z.input<typeof ZAddressForm>;

export function AddressCard({ user }: { user: TUser }) {
  const updateMe = useUpdateMe();
  const [formError, setFormError] = useState<string>();
  const form = useForm<AddressForm, unknown, z.output<typeof ZAddressForm>>({
    resolver: formResolver(ZAddressForm),
    // The select starts empty when no state is stored; the schema refuses it until one is chosen.
    defaultValues: { address: toAddressValues(user.address) as AddressForm['address'] },
  });

  const onSubmit = form.handleSubmit(({ address }) => {
    setFormError(undefined);
    updateMe.mutate(
      { address: { ...address, complement: address.complement || undefined } },
      {
        onSuccess: () => toasts.add({ title: 'Endereço salvo', color: 'success' }),
        onError: (error) => setFormError(applyApiError(error, form.setError, ADDRESS_PATHS)),
      },
    );
  });

  return (
    <Card aria-labelledby="address-title">
      <CardHeader id="address-title" title="Endereço" description="Digite o CEP e busque para preencher o restante." />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <AddressFields />
          <div className="flex justify-end">
            <Button type="submit" isLoading={updateMe.isPending}>
              Salvar endereço
            </Button>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}
