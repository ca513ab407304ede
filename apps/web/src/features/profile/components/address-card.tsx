import { zodResolver } from '@hookform/resolvers/zod';
import { ZAddress, ZBrazilianState, type TUser } from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { applyApiError } from '../../../lib/form-errors';
import { applyMask } from '../../../lib/masks';
import { toasts } from '../../../lib/toast-store';
import { useUpdateMe } from '../api/update-me';
import { useCepLookup } from './use-cep-lookup';

type AddressForm = z.input<typeof ZAddress>;
const FIELDS = ['cep', 'street', 'number', 'complement', 'district', 'city', 'state'] as const;

export function AddressCard({ user }: { user: TUser }) {
  const updateMe = useUpdateMe();
  const cepLookup = useCepLookup();
  const [formError, setFormError] = useState<string>();
  const address = user.address;
  const { register, handleSubmit, setError, setValue, getValues, setFocus, formState } = useForm<
    AddressForm,
    unknown,
    z.output<typeof ZAddress>
  >({
    resolver: zodResolver(ZAddress),
    defaultValues: {
      cep: address ? applyMask('cep', address.cep) : '',
      street: address?.street ?? '',
      number: address?.number ?? '',
      complement: address?.complement ?? '',
      district: address?.district ?? '',
      city: address?.city ?? '',
      state: (address?.state ?? '') as AddressForm['state'],
    },
  });
  const errors = formState.errors;

  const searchCep = () => {
    const cep = getValues('cep');
    if (cep.replace(/\D/g, '').length !== 8) {
      setError('cep', { message: 'Informe os 8 dígitos do CEP' });
      return;
    }
    cepLookup.mutate(cep, {
      onSuccess: (found) => {
        const options = { shouldDirty: true, shouldValidate: true };
        setValue('street', found.street, options);
        setValue('district', found.district, options);
        setValue('city', found.city, options);
        const state = ZBrazilianState.safeParse(found.state);
        if (state.success) setValue('state', state.data, options);
        setFocus('number');
      },
    });
  };

  const onSubmit = handleSubmit((body) => {
    setFormError(undefined);
    updateMe.mutate(
      { address: { ...body, complement: body.complement || undefined } },
      {
        onSuccess: () => toasts.add({ title: 'Endereço salvo', color: 'success' }),
        onError: (error) => setFormError(applyApiError(error, setError, FIELDS)),
      },
    );
  });

  return (
    <Card aria-labelledby="address-title">
      <CardHeader id="address-title" title="Endereço" description="Digite o CEP e busque para preencher o restante." />
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-6">
        {formError && (
          <Alert tone="error" className="sm:col-span-6">
            {formError}
          </Alert>
        )}
        <div className="flex items-end gap-2 sm:col-span-3">
          <TextField
            label="CEP"
            inputMode="numeric"
            mask="cep"
            placeholder="00000-000"
            className="flex-1"
            error={errors.cep?.message}
            {...register('cep')}
          />
          <Button
            variant="secondary"
            onClick={searchCep}
            isLoading={cepLookup.isPending}
            className={errors.cep ? 'mb-7' : undefined}
          >
            Buscar CEP
          </Button>
        </div>
        {cepLookup.message && (
          <Alert tone="warning" className="sm:col-span-6">
            {cepLookup.message}
          </Alert>
        )}
        <TextField
          label="Logradouro"
          className="sm:col-span-4"
          error={errors.street?.message}
          {...register('street')}
        />
        <TextField label="Número" className="sm:col-span-2" error={errors.number?.message} {...register('number')} />
        <TextField
          label="Complemento"
          className="sm:col-span-3"
          error={errors.complement?.message}
          {...register('complement')}
        />
        <TextField
          label="Bairro"
          className="sm:col-span-3"
          error={errors.district?.message}
          {...register('district')}
        />
        <TextField label="Cidade" className="sm:col-span-4" error={errors.city?.message} {...register('city')} />
        <SelectField label="UF" className="sm:col-span-2" error={errors.state?.message} {...register('state')}>
          <option value="">Selecione</option>
          {ZBrazilianState.options.map((state) => (
            <option key={state}>{state}</option>
          ))}
        </SelectField>
        <div className="flex justify-end sm:col-span-6">
          <Button type="submit" isLoading={updateMe.isPending}>
            Salvar endereço
          </Button>
        </div>
      </form>
    </Card>
  );
}
