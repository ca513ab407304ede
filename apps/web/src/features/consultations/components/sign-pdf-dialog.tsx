import { CERTIFICATE_KEY_PROBLEMS } from '@escriba/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { OutsideIcpBrasilAlert } from '../../../components/certificates/outside-icp-brasil-alert';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { readApiError } from '../../../lib/api-error';
import { useCertificate } from '../../../lib/api/get-certificate';
import { focusOnMount } from '../../../lib/focus-on-mount';
import { overlays, type OverlayProps } from '../../../lib/overlays';
import { saveFile } from '../../../lib/save-file';
import { toasts } from '../../../lib/toast-store';

type SignPdfRequest = {
  /** The dialog's title: "Assinar a anamnese", "Assinar receita". */
  title: string;
  /** What is signed, in a sentence. */
  description: string;
  /** The downloaded file's name. */
  fileName: string;
  sign: (password: string) => Promise<Blob>;
};

function SignPdfDialog({ title, description, fileName, sign, close }: SignPdfRequest & OverlayProps<void>) {
  const certificate = useCertificate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ password?: string; form?: string }>({});
  const [isSigning, setIsSigning] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError({ password: 'Informe a senha do certificado' });
    setError({});
    setIsSigning(true);
    try {
      saveFile(await sign(password), fileName);
      toasts.add({ title: 'PDF assinado baixado', color: 'success' });
      close();
    } catch (caught) {
      const info = readApiError(caught);
      setError(info.fieldErrors.password ? { password: info.fieldErrors.password } : { form: info.message });
    } finally {
      setIsSigning(false);
    }
  };

  const keyStatus = certificate.data?.key_status;
  // A certificate the server cannot open (its key is not this server's) is shown with why, not a password field.
  const hasCertificate = keyStatus === 'available';
  return (
    <DialogShell
      title={title}
      description={`${description} A senha vale só para esta assinatura e não é guardada.`}
      onClose={() => close()}
      footer={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Cancelar
          </Button>
          {hasCertificate && (
            <Button type="submit" form="sign-pdf-form" isLoading={isSigning}>
              Assinar e baixar
            </Button>
          )}
        </>
      }
    >
      {certificate.isPending && <p className="text-sm text-muted">Carregando…</p>}
      {certificate.data === null && (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="info">Cadastre seu certificado digital A1 no Perfil para assinar documentos.</Alert>
          <Link to="/user/profile" className={buttonClasses('secondary', 'sm')} onClick={() => close()}>
            Ir para o Perfil
          </Link>
        </div>
      )}
      {keyStatus && keyStatus !== 'available' && <Alert tone="error">{CERTIFICATE_KEY_PROBLEMS[keyStatus]}</Alert>}
      {certificate.data && hasCertificate && (
        <form id="sign-pdf-form" onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {error.form && <Alert tone="error">{error.form}</Alert>}
          <p className="text-sm text-muted">
            Certificado de {certificate.data.holder_name}, emitido por {certificate.data.issuer}.
          </p>
          <OutsideIcpBrasilAlert certificate={certificate.data} />
          <PasswordField
            label="Senha do certificado"
            autoComplete="off"
            value={password}
            error={error.password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError({});
            }}
            ref={focusOnMount}
          />
        </form>
      )}
    </DialogShell>
  );
}

overlays.register('sign-pdf', SignPdfDialog);

/** Asks the certificate's password, then downloads the PDF `sign` makes with it. */
export function signPdf(request: SignPdfRequest): Promise<void> {
  return overlays.open<void>('sign-pdf', request);
}

/** Today's date for a downloaded file's name: `anamnese-assinada-2026-11-26.pdf`. */
export const fileDate = () => new Date().toISOString().slice(0, 10);
