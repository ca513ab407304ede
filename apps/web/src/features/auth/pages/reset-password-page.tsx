import { zodResolver } from '@hookform/resolvers/zod';
import { ZPassword } from '@escriba/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { applyApiError } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';
import { PasswordStrength } from '../components/password-strength';

const ZResetForm = z
  .object({ new_password: ZPassword, confirmation: z.string() })
  .refine((form) => form.new_password === form.confirmation, {
    message: 'As senhas não coincidem',
    path: ['confirmation'],
  });
type ResetForm = z.input<typeof ZResetForm>;

/** Opened from the e-mail link `/reset-password?code=…`. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, control, formState } = useForm<
    ResetForm,
    unknown,
    z.output<typeof ZResetForm>
  >({
    resolver: zodResolver(ZResetForm),
  });
  const password = useWatch({ control, name: 'new_password' }) ?? '';

  const onSubmit = handleSubmit(({ new_password }) => {
    setFormError(undefined);
    reset.mutate(
      { new_password, code },
      { onError: (error) => setFormError(applyApiError(error, setError, ['new_password'])) },
    );
  });

  if (reset.isSuccess) {
    return (
      <>
        <AuthHeading title="Senha alterada" />
        <Alert tone="success">{reset.data.detail} Por segurança, encerramos todas as sessões abertas.</Alert>
        <Link
          to="/log-in"
          className="mt-6 flex h-10 items-center justify-center rounded-lg bg-accent-600 font-medium text-white hover:bg-accent-700"
        >
          Entrar com a nova senha
        </Link>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Criar nova senha" description="Escolha uma senha que você não use em outros serviços." />
      {!code ? (
        <Alert tone="error">
          Link incompleto. Abra o link que enviamos ao seu e-mail ou{' '}
          <Link to="/forgot-password" className="underline">
            peça um novo
          </Link>
          .
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            error={formState.errors.new_password?.message}
            {...register('new_password')}
          />
          <PasswordStrength password={password} />
          <PasswordField
            label="Confirme a nova senha"
            autoComplete="new-password"
            error={formState.errors.confirmation?.message}
            {...register('confirmation')}
          />
          <Button type="submit" isLoading={reset.isPending}>
            Salvar nova senha
          </Button>
        </form>
      )}
      <Link to="/log-in" className="mt-6 block text-center text-sm font-medium text-accent-ink hover:underline">
        Voltar ao login
      </Link>
    </>
  );
}
