import { ZUpdateMeBody, type TUpdateMeBody, type TUser } from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { applyApiError } from '../../../lib/form-errors';
import { applyMask } from '../../../lib/masks';
import { toasts } from '../../../lib/toast-store';
import { useUpdateMe } from '../api/update-me';
import { formResolver } from '../../../lib/form-resolver';

// The form edits name, phone and birth date; an empty birth date clears it.
const ZPersonalForm = z.object({ name: z.string(), phone: z.string(), birth_date: z.string() });
type PersonalForm = z.input<typeof ZPersonalForm>;
const toBody = ({ birth_date, ...rest }: PersonalForm): TUpdateMeBody => ({ ...rest, birth_date: birth_date || null });
const ZPersonalBody = ZPersonalForm.transform(toBody).pipe(ZUpdateMeBody);

export function PersonalDataCard({ user }: { user: TUser }) {
  const updateMe = useUpdateMe();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<
    PersonalForm,
    unknown,
    z.output<typeof ZPersonalBody>
  >({
    resolver: formResolver(ZPersonalBody),
    defaultValues: { name: user.name, phone: applyMask('phone', user.phone ?? ''), birth_date: user.birth_date ?? '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((body) => {
    setFormError(undefined);
    updateMe.mutate(body, {
      onSuccess: () => toasts.add({ title: 'Dados pessoais salvos', color: 'success' }),
      onError: (error) => setFormError(applyApiError(error, setError, ['name', 'phone', 'birth_date'])),
    });
  });

  return (
    <Card aria-labelledby="personal-title">
      <CardHeader
        id="personal-title"
        title="Dados pessoais"
        description="E-mail e CPF identificam sua conta e não podem ser alterados."
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {formError && (
          <Alert tone="error" className="sm:col-span-2">
            {formError}
          </Alert>
        )}
        <TextField
          label="Nome completo"
          autoComplete="name"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField label="E-mail" value={user.email} disabled readOnly />
        <TextField label="CPF" value={user.cpf ? applyMask('cpf', user.cpf) : ''} disabled readOnly />
        <TextField label="Celular" type="tel" mask="phone" error={errors.phone?.message} {...register('phone')} />
        <TextField
          label="Data de nascimento"
          type="date"
          error={errors.birth_date?.message}
          {...register('birth_date')}
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" isLoading={updateMe.isPending}>
            Salvar dados
          </Button>
        </div>
      </form>
    </Card>
  );
}
