import { ZBrazilianState } from '@escriba/contract';
import { useEffect } from 'react';
import { useFormContext, useWatch, type RegisterOptions } from 'react-hook-form';
import { readFieldError } from '../../lib/form-errors';
import type { AddressValues } from '../../lib/address-form';
import { useCepLookup } from '../../lib/use-cep-lookup';
import { Alert } from './alert';
import { Button } from './button';
import { SelectField } from './select-field';
import { TextField } from './text-field';

// How Brazilian forms write an address without a house number.
const NO_NUMBER = 'S/N';

/**
 * The fields of `address` inside a react-hook-form FormProvider, with the CEP lookup that fills
 * street, district, city and state. Shared by the profile and the patient forms; `isRequired` where an
 * address must be given (the practice's).
 */
export function AddressFields({ isRequired = false }: { isRequired?: boolean }) {
  const { register, getValues, setValue, setError, clearErrors, setFocus, formState } = useFormContext();
  const cepLookup = useCepLookup();
  const { reset: forgetLookup } = cepLookup;
  // The lookup's warning and hints speak of the CEP that was looked up: once the form is saved, or the CEP changes,
  // they are about nothing on the screen any more.
  const { isSubmitSuccessful, submitCount } = formState;
  useEffect(() => {
    if (isSubmitSuccessful) forgetLookup();
  }, [isSubmitSuccessful, submitCount, forgetLookup]);
  const hasNoNumber = useWatch({ name: 'address.number' }) === NO_NUMBER;
  // A town with one CEP for every street: the lookup answers the city alone.
  const lookedUp = cepLookup.data;
  const field = (name: keyof AddressValues, options?: RegisterOptions) => ({
    ...register(`address.${name}`, options),
    error: readFieldError(formState.errors, `address.${name}`),
  });
  const cep = field('cep', { onChange: forgetLookup });

  const searchCep = () => {
    const value = String(getValues('address.cep'));
    if (value.replace(/\D/g, '').length !== 8) {
      setError('address.cep', { message: 'Informe os 8 dígitos do CEP' });
      return;
    }
    clearErrors('address.cep');
    cepLookup.mutate(value, {
      onSuccess: (found) => {
        // Fields the lookup leaves blank are not marked wrong before the person has had a chance to fill them.
        const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
        setValue('address.street', found.street, options);
        setValue('address.district', found.district, options);
        setValue('address.city', found.city, options);
        if (ZBrazilianState.safeParse(found.state).success) setValue('address.state', found.state, options);
        if (!found.street) setFocus('address.street');
        else if (getValues('address.number') !== NO_NUMBER) setFocus('address.number');
      },
    });
  };

  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <p className="-mt-1 text-sm text-muted sm:col-span-6">
        {isRequired ? 'Informe' : 'Opcional. Se preencher, informe'} CEP, logradouro, número (ou marque “Sem número”),
        cidade e UF.
      </p>
      <div className="flex items-end gap-2 sm:col-span-3">
        <TextField label="CEP" inputMode="numeric" mask="cep" placeholder="00000-000" className="flex-1" {...cep} />
        <Button
          variant="secondary"
          onClick={searchCep}
          isLoading={cepLookup.isPending}
          className={cep.error ? 'mb-7' : undefined}
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
        hint={lookedUp?.street === '' ? 'Este CEP vale para a cidade toda: digite a rua.' : undefined}
        {...field('street')}
      />
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <TextField label="Número" readOnly={hasNoNumber} {...field('number')} />
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={hasNoNumber}
            onChange={(event) =>
              setValue('address.number', event.target.checked ? NO_NUMBER : '', {
                shouldDirty: true,
                shouldValidate: formState.isSubmitted,
              })
            }
          />
          Sem número (s/n)
        </label>
      </div>
      <TextField label="Complemento" className="sm:col-span-3" {...field('complement')} />
      <TextField
        label="Bairro"
        className="sm:col-span-3"
        hint={lookedUp?.district === '' ? 'Este CEP não tem bairro; preencha só se houver.' : undefined}
        {...field('district')}
      />
      <TextField label="Cidade" className="sm:col-span-4" {...field('city')} />
      <SelectField label="UF" className="sm:col-span-2" {...field('state')}>
        <option value="">Selecione</option>
        {ZBrazilianState.options.map((state) => (
          <option key={state}>{state}</option>
        ))}
      </SelectField>
    </div>
  );
}
