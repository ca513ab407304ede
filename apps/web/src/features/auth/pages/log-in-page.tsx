import type { TLoginBody } from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { readApiError } from '../../../lib/api-error';
import { applyApiError } from '../../../lib/form-errors';
import { useLogIn } from '../api/log-in';
import { AuthHeading } from '../components/auth-heading';
import { ResendVerification } from '../components/resend-verification';

type LogInForm = Pick<TLoginBody, 'username' | 'password'>;

// Answers the server gives only to the right password (apps/server/src/modules/auth/log-in.ts).
const UNVERIFIED = 403;
const SUSPENDED = 423;

/** Only paths inside the app are followed after logging in. */
function safeRedirect(target: string | null): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}

export function LogInPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const logIn = useLogIn();
  const [formError, setFormError] = useState<{ message: string; status: number | undefined }>();
  // Presence is all there is to check before the server answers; zod stays off the first page (bench/web-bundle-size.ts).
  const { register, handleSubmit, setError, getValues, formState } = useForm<LogInForm>();

  const onSubmit = handleSubmit((values) => {
    setFormError(undefined);
    logIn.mutate(values, {
      onSuccess: () => void navigate(safeRedirect(searchParams.get('redirect')), { replace: true }),
      onError: (error) => {
        // A 429 says in minutes how long to wait: the server's sentence is shown as it is.
        const message = applyApiError(error, setError, ['username', 'password']);
        setFormError({ message, status: readApiError(error).status });
      },
    });
  });

  return (
    <>
      <AuthHeading title="Entrar" description="Acesse sua conta para atender com o Escriba." />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError && (
          <Alert tone="error">
            {formError.status === SUSPENDED && <p className="font-semibold">Conta suspensa</p>}
            {formError.message}
            {formError.status === UNVERIFIED && <ResendVerification email={getValues('username')} />}
          </Alert>
        )}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          error={formState.errors.username?.message}
          {...register('username', { required: 'Informe o e-mail' })}
        />
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password', { required: 'Informe a senha' })}
        />
        <Link to="/forgot-password" className="-mt-1 self-end text-sm font-medium text-accent-ink hover:underline">
          Esqueci minha senha
        </Link>
        <Button type="submit" isLoading={logIn.isPending}>
          Entrar
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Ainda não tem conta?{' '}
        <Link to="/sign-up" className="font-medium text-accent-ink hover:underline">
          Criar conta
        </Link>
      </p>
    </>
  );
}
