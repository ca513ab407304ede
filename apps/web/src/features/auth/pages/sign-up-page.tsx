import { zodResolver } from '@hookform/resolvers/zod';
import { ZCreateUserBody, type TCreateUserBody } from '@escriba/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { applyApiError } from '../../../lib/form-errors';
import { useCreateUser } from '../api/create-user';
import { AuthHeading } from '../components/auth-heading';
import { PasswordStrength } from '../components/password-strength';
import { ResendVerification } from '../components/resend-verification';

const ZSignUpForm = ZCreateUserBody.extend({ password_confirmation: z.string() }).refine(
  (form) => form.password === form.password_confirmation,
  { message: 'As senhas não coincidem', path: ['password_confirmation'] },
);
type SignUpForm = TCreateUserBody & { password_confirmation: string };
const FIELDS = ['name', 'email', 'cpf', 'phone', 'password', 'password_confirmation'] as const;

export function SignUpPage() {
  const createUser = useCreateUser();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, control, formState } = useForm<
    SignUpForm,
    unknown,
    z.output<typeof ZSignUpForm>
  >({
    resolver: zodResolver(ZSignUpForm),
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const errors = formState.errors;

  const onSubmit = handleSubmit(({ password_confirmation: _confirmation, ...body }) => {
    setFormError(undefined);
    createUser.mutate(body, { onError: (error) => setFormError(applyApiError(error, setError, FIELDS)) });
  });

  if (createUser.isSuccess) {
    return (
      <>
        <AuthHeading title="Confirme seu e-mail" />
        {/* Every sign-up gets this answer, whether or not the address already has an account (README "Account rules"). */}
        <Alert tone="success">
          {createUser.data.detail} Endereço informado: <strong>{createUser.variables.email}</strong>.
        </Alert>
        <div className="mt-4 text-sm text-muted">
          Não recebeu? <ResendVerification email={createUser.variables.email} />
        </div>
        <Link to="/log-in" className="mt-6 block text-center font-medium text-accent-ink hover:underline">
          Ir para o login
        </Link>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Criar conta" description="Cadastre-se como profissional de saúde." />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Nome completo" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="CPF"
            inputMode="numeric"
            mask="cpf"
            placeholder="000.000.000-00"
            error={errors.cpf?.message}
            {...register('cpf')}
          />
          <TextField
            label="Celular"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            mask="phone"
            placeholder="(00) 00000-0000"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        <PasswordField
          label="Senha"
          autoComplete="new-password"
          hint="Ao menos 8 caracteres."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrength password={password} />
        <PasswordField
          label="Confirme a senha"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Button type="submit" isLoading={createUser.isPending}>
          Criar conta
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Já tem conta?{' '}
        <Link to="/log-in" className="font-medium text-accent-ink hover:underline">
          Entrar
        </Link>
      </p>
    </>
  );
}
