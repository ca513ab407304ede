import { Button } from '../../../components/ui/button';
import { readApiError } from '../../../lib/api-error';
import { useResendVerification } from '../api/resend-verification';

/** Sends the verification e-mail again; the server answers the same whether or not the address exists. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  if (resend.isSuccess) return <p className="mt-2 font-medium">Enviamos um novo link de verificação para {email}.</p>;
  return (
    <div className="mt-2">
      <Button size="sm" variant="secondary" isLoading={resend.isPending} onClick={() => resend.mutate(email)}>
        Reenviar e-mail de verificação
      </Button>
      {resend.isError && <p className="mt-1">{readApiError(resend.error).message}</p>}
    </div>
  );
}
