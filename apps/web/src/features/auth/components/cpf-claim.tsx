import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Icon } from '../../../components/ui/icon';
import { useOpenCpfDispute } from '../api/open-cpf-dispute';
import { AuthHeading } from './auth-heading';
import { LinkPasswordStep } from './link-password-step';
import { useMailedLink } from './use-mailed-link';

/**
 * Opened from the mail sent to a sign-up whose CPF another account holds
 * (`/account-verification?cpf_claim=…`): the code is checked at once, then the password confirms the contest.
 */
export function CpfClaim({ code }: { code: string }) {
  const open = useOpenCpfDispute();
  const { error, hasSentPassword, asksForPassword } = useMailedLink(open, code);

  if (open.isSuccess) {
    return (
      <>
        <AuthHeading title="Contestação enviada" />
        <Alert tone="success">{open.data.detail}</Alert>
        <p className="mt-4 text-sm text-muted">
          Se o CPF ficar com você, sua conta será criada com este e-mail e a senha confirmada aqui.
        </p>
      </>
    );
  }

  if (asksForPassword) {
    return (
      <LinkPasswordStep
        title="Contestar o uso do seu CPF"
        description="O CPF informado no seu cadastro já pertence a outra conta, com outro e-mail. Se o CPF é seu, confirme com a senha que você escolheu ao se cadastrar: a administração do Escriba vai analisar o caso."
        submitLabel="Enviar contestação"
        isPending={open.isPending}
        error={hasSentPassword ? error : undefined}
        onSubmit={(passwords) => open.mutate({ code, ...passwords })}
      />
    );
  }

  return (
    <>
      <AuthHeading title="Contestação de CPF" />
      {open.isPending && (
        <p className="flex items-center gap-2 text-muted" role="status">
          <Icon name="loader-circle" className="animate-spin" /> Conferindo o link…
        </p>
      )}
      {error && <Alert tone="error">{error.fieldErrors.code ?? error.message}</Alert>}
      <Link to="/sign-up" className="mt-6 block text-center text-sm font-medium text-accent-ink hover:underline">
        Fazer um novo cadastro
      </Link>
    </>
  );
}
