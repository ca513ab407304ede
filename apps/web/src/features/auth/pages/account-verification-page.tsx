import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { readApiError } from '../../../lib/api-error';
import { useVerifyAccount } from '../api/verify-account';
import { AuthHeading } from '../components/auth-heading';
import { ChoosePasswordForm } from '../components/choose-password-form';
import { ResendVerification } from '../components/resend-verification';

const LOG_IN_BUTTON =
  'mt-6 flex h-10 items-center justify-center rounded-lg bg-accent-600 font-medium text-white hover:bg-accent-700';

/**
 * Opened from the e-mail link `/account-verification?code=…`: the code is sent at once. When the
 * server asks for it (the e-mail was signed up more than once, or the link was resent), the visitor
 * chooses the account's password here.
 */
export function AccountVerificationPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const verify = useVerifyAccount();
  const sentCode = useRef<string | null>(null);
  const [email, setEmail] = useState('');

  useEffect(() => {
    // A code works once: never send the same one twice (React runs effects twice in development).
    if (!code || sentCode.current === code) return;
    sentCode.current = code;
    verify.mutate({ code });
  }, [code, verify]);

  const error = verify.isError ? readApiError(verify.error) : undefined;
  const hasSentPassword = verify.variables?.password !== undefined;
  const isChoosingPassword = (hasSentPassword || error?.fieldErrors.password !== undefined) && !error?.fieldErrors.code;

  if (verify.isSuccess) {
    const isAlreadyVerified = verify.data.already_verified;
    return (
      <>
        <AuthHeading title={isAlreadyVerified ? 'Conta já verificada' : 'Conta verificada'} />
        <Alert tone={isAlreadyVerified ? 'info' : 'success'}>{verify.data.detail}</Alert>
        <Link to="/log-in" className={LOG_IN_BUTTON}>
          Entrar
        </Link>
      </>
    );
  }

  if (isChoosingPassword) {
    return (
      <>
        <AuthHeading
          title="Escolha sua senha"
          description="Este e-mail foi cadastrado mais de uma vez ou o link foi reenviado: para ativar a conta, escolha a senha agora."
        />
        <ChoosePasswordForm
          submitLabel="Ativar conta"
          isPending={verify.isPending}
          passwordError={hasSentPassword ? error?.fieldErrors.password : undefined}
          formError={hasSentPassword && error && !error.fieldErrors.password ? error.message : undefined}
          onSubmit={(password) => verify.mutate({ code, password })}
        />
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Verificação da conta" />
      {verify.isPending && (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Icon name="loader-circle" className="animate-spin" /> Verificando sua conta…
        </p>
      )}
      {!code && <Alert tone="info">Abra o link que enviamos ao seu e-mail para verificar a conta.</Alert>}
      {error && <Alert tone="error">{error.fieldErrors.code ?? error.message}</Alert>}
      {(error || !code) && (
        <div className="mt-6 flex flex-col gap-3">
          <p className="text-sm text-muted">Informe seu e-mail para receber um novo link de verificação.</p>
          <TextField label="E-mail" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          {email.includes('@') ? (
            <ResendVerification key={email} email={email} />
          ) : (
            <Button variant="secondary" disabled>
              Reenviar e-mail de verificação
            </Button>
          )}
        </div>
      )}
      <Link to="/log-in" className="mt-6 block text-center text-sm font-medium text-accent-ink hover:underline">
        Voltar ao login
      </Link>
    </>
  );
}
