import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordQuery } from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { applyApiError } from '../../../lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeading } from '../components/auth-heading';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof ZForgotPasswordQuery>,
    unknown,
    z.output<typeof ZForgotPasswordQuery>
  >({ resolver: zodResolver(ZForgotPasswordQuery) });

  const onSubmit = handleSubmit((query) => {
    setFormError(undefined);
    forgot.mutate(query, { onError: (error) => setFormError(applyApiError(error, setError, ['email', 'cpf'])) });
  });

  return (
    <>
      <AuthHeading
        title="Esqueci minha senha"
        description="Informe o e-mail e o CPF da sua conta. Enviaremos um link para criar uma nova senha."
      />
      {forgot.isSuccess ? (
        <Alert tone="success">
          {forgot.data.detail || 'Se os dados conferirem, você receberá um e-mail com as instruções em instantes.'}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="CPF"
            inputMode="numeric"
            mask="cpf"
            placeholder="000.000.000-00"
            error={formState.errors.cpf?.message}
            {...register('cpf')}
          />
          <Button type="submit" isLoading={forgot.isPending}>
            Enviar link
          </Button>
        </form>
      )}
      <Link to="/log-in" className="mt-6 block text-center text-sm font-medium text-accent-ink hover:underline">
        Voltar ao login
      </Link>
    </>
  );
}
