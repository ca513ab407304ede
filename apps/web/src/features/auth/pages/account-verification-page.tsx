import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { readApiError } from '../../../lib/api-error';
import { useVerificationCodeCheck } from '../api/check-verification-code';
import { useVerifyAccount } from '../api/verify-account';
import { AuthHeading } from '../components/auth-heading';
import { CpfClaim } from '../components/cpf-claim';
import { LinkPasswordStep } from '../components/link-password-step';
import { ResendVerification } from '../components/resend-verification';

const LOG_IN_BUTTON =
  'mt-6 flex h-10 items-center justify-center rounded-lg bg-accent-600 font-medium text-white hover:bg-accent-700';

/**
 * Opened from the e-mail link `/account-verification?code=…`: the link is checked at once, then the
 * account is activated with the password chosen at sign-up, typed here, or with a new one
 * (README "Account rules"). A link to contest a CPF (`?cpf_claim=…`) opens that flow instead.
 */
export function AccountVerificationPage() {
  const [searchParams] = useSearchParams();
  const claimCode = searchParams.get('cpf_claim');
  return claimCode ? <CpfClaim code={claimCode} /> : <AccountVerification code={searchParams.get('code') ?? ''} />;
}

function AccountVerification({ code }: { code: string }) {
  // The link is checked first (a GET that uses nothing up), so a good link asks for the password without an error.
  const check = useVerificationCodeCheck(code);
  const verify = useVerifyAccount();
  const [email, setEmail] = useState('');
  const answer = verify.data ?? (check.data?.already_verified ? check.data : undefined);
  const verifyError = verify.isError ? readApiError(verify.error) : undefined;
  // A link used or expired since the check is told as a bad link too.
  const checkError = check.isError ? readApiError(check.error) : undefined;
  const linkError = verifyError?.fieldErrors.code ? verifyError : checkError;

  if (answer) {
    return (
      <>
        <AuthHeading title={answer.already_verified ? 'Conta já verificada' : 'Conta verificada'} />
        <Alert tone={answer.already_verified ? 'info' : 'success'}>{answer.detail}</Alert>
        <Link to="/log-in" className={LOG_IN_BUTTON}>
          Entrar
        </Link>
      </>
    );
  }

  if (check.isSuccess && !linkError) {
    return (
      <LinkPasswordStep
        title="Ative sua conta"
        description="Falta um passo: para ativar a conta, digite a senha que você escolheu ao se cadastrar."
        submitLabel="Ativar conta"
        isPending={verify.isPending}
        error={verifyError}
        onSubmit={(passwords) => verify.mutate({ code, ...passwords })}
      />
    );
  }

  return (
    <>
      <AuthHeading title="Verificação da conta" />
      {check.isLoading && (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Icon name="loader-circle" className="animate-spin" /> Verificando o link…
        </p>
      )}
      {!code && <Alert tone="info">Abra o link que enviamos ao seu e-mail para verificar a conta.</Alert>}
      {linkError && <Alert tone="error">{linkError.fieldErrors.code ?? linkError.message}</Alert>}
      {(linkError || !code) && (
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
