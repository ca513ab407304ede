import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { useResetCodeCheck } from '../api/check-reset-code';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';
import { ChoosePasswordForm } from '../components/choose-password-form';

/** Opened from the e-mail link `/reset-password?code=…`: a link that was used or has expired says so before the form. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const check = useResetCodeCheck(code);
  const reset = useResetPassword();
  const resetError = reset.isError ? readApiError(reset.error) : undefined;
  const linkProblem = code
    ? (resetError?.fieldErrors.code ?? (check.isError ? readApiError(check.error).fieldErrors.code : undefined))
    : 'Link incompleto: abra o link que enviamos ao seu e-mail';

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
      {linkProblem ? (
        <Alert tone="error">
          {linkProblem}.{' '}
          <Link to="/forgot-password" className="underline">
            Peça um novo link
          </Link>
          .
        </Alert>
      ) : check.isPending ? (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Icon name="loader-circle" className="animate-spin" /> Conferindo o link…
        </p>
      ) : (
        <ChoosePasswordForm
          submitLabel="Salvar nova senha"
          isPending={reset.isPending}
          passwordError={resetError?.fieldErrors.new_password}
          formError={resetError && !resetError.fieldErrors.new_password ? resetError.message : undefined}
          onSubmit={(password) => reset.mutate({ new_password: password, code })}
        />
      )}
      <Link to="/log-in" className="mt-6 block text-center text-sm font-medium text-accent-ink hover:underline">
        Voltar ao login
      </Link>
    </>
  );
}
