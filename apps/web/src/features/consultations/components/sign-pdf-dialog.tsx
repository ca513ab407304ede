import { CERTIFICATE_KEY_PROBLEMS, type TCertificate, type TCloudCertificate } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { OutsideIcpBrasilAlert } from '../../../components/certificates/outside-icp-brasil-alert';
import { ReauthorizeButton } from '../../../components/certificates/reauthorize-button';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { readApiError } from '../../../lib/api-error';
import { cloudCertificateQueryOptions, useCloudCertificate } from '../../../lib/api/cloud-certificate';
import { useCertificate } from '../../../lib/api/get-certificate';
import { formatDateTime } from '../../../lib/format';
import { focusOnMount } from '../../../lib/focus-on-mount';
import { overlays, type OverlayProps } from '../../../lib/overlays';
import { saveFile } from '../../../lib/save-file';
import { toasts } from '../../../lib/toast-store';
import type { SignWith } from '../api/signed-pdf';

type SignPdfRequest = {
  /** The dialog's title: "Assinar a anamnese", "Assinar receita". */
  title: string;
  /** What is signed, in a sentence. */
  description: string;
  /** The downloaded file's name. */
  fileName: string;
  sign: (signWith: SignWith) => Promise<Blob>;
};

type Signer = SignWith['signer'];

function SignPdfDialog({ title, description, fileName, sign, close }: SignPdfRequest & OverlayProps<void>) {
  const queryClient = useQueryClient();
  const a1 = useCertificate();
  const cloud = useCloudCertificate();
  const usableCloud = cloud.data?.provider_available && cloud.data.key_status === 'available' ? cloud.data : undefined;
  const usableA1 = a1.data?.key_status === 'available' ? a1.data : undefined;
  const [chosen, setChosen] = useState<Signer>();
  const signer: Signer | undefined =
    chosen ?? (usableCloud?.authorized_until ? 'cloud' : usableA1 ? 'a1' : usableCloud ? 'cloud' : undefined);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ password?: string; form?: string }>({});
  const [isSigning, setIsSigning] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (signer === 'a1' && !password) return setError({ password: 'Informe a senha do certificado' });
    setError({});
    setIsSigning(true);
    try {
      saveFile(await sign(signer === 'a1' ? { signer, password } : { signer: 'cloud' }), fileName);
      toasts.add({ title: 'PDF assinado baixado', color: 'success' });
      close();
    } catch (caught) {
      const info = readApiError(caught);
      setError(info.fieldErrors.password ? { password: info.fieldErrors.password } : { form: info.message });
      // An authorisation the provider refused is forgotten: the dialog then offers to authorise again.
      if (signer === 'cloud') void queryClient.invalidateQueries(cloudCertificateQueryOptions());
    } finally {
      setIsSigning(false);
    }
  };

  const canSubmit = signer === 'a1' || (signer === 'cloud' && Boolean(usableCloud?.authorized_until));
  const isLoading = a1.isPending || cloud.isPending;
  return (
    <DialogShell
      title={title}
      description={description}
      onClose={() => close()}
      footer={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Cancelar
          </Button>
          {canSubmit && (
            <Button type="submit" form="sign-pdf-form" isLoading={isSigning}>
              Assinar e baixar
            </Button>
          )}
        </>
      }
    >
      {isLoading && <p className="text-sm text-muted">Carregando…</p>}
      {!isLoading && !signer && <NoCertificate a1={a1.data} cloud={cloud.data} onLeave={() => close()} />}
      {signer && (
        <form id="sign-pdf-form" onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {/* An ended authorisation is said once, by CloudSigner, with the way to authorise again. */}
          {error.form && !(signer === 'cloud' && !usableCloud?.authorized_until) && (
            <Alert tone="error">{error.form}</Alert>
          )}
          {usableA1 && usableCloud && (
            <RadioGroup
              legend="Assinar com"
              name="signer"
              options={[
                { value: 'cloud', label: `Certificado em nuvem (${usableCloud.provider_name})` },
                { value: 'a1', label: 'Certificado A1 (arquivo e senha)' },
              ]}
              value={signer}
              onChange={(value) => {
                setChosen(value);
                setError({});
              }}
            />
          )}
          {signer === 'a1' && usableA1 && (
            <>
              <p className="text-sm text-muted">
                Certificado A1 de {usableA1.holder_name}, emitido por {usableA1.issuer}. A senha vale só para esta
                assinatura e não é guardada.
              </p>
              <OutsideIcpBrasilAlert certificate={usableA1} />
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
            </>
          )}
          {signer === 'cloud' && usableCloud && <CloudSigner certificate={usableCloud} />}
        </form>
      )}
    </DialogShell>
  );
}

/** The cloud certificate that will sign, or the way to authorise it again once its authorisation ended. */
function CloudSigner({ certificate }: { certificate: TCloudCertificate }) {
  if (!certificate.authorized_until) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="warning">
          Sua autorização no {certificate.provider_name} terminou. Autorize de novo no aplicativo do provedor; você
          volta para esta página e assina em seguida.
        </Alert>
        <ReauthorizeButton certificate={certificate} label={`Autorizar no ${certificate.provider_name}`} />
      </div>
    );
  }
  return (
    <>
      <p className="text-sm text-muted">
        Certificado em nuvem de {certificate.holder_name} no {certificate.provider_name}, emitido por{' '}
        {certificate.issuer}. Autorizado até {formatDateTime(certificate.authorized_until)}: assina sem senha.
      </p>
      <OutsideIcpBrasilAlert certificate={certificate} />
    </>
  );
}

/** Why nothing can sign: no certificate at all, or one the server cannot open (its key is not this server's). */
function NoCertificate({
  a1,
  cloud,
  onLeave,
}: {
  a1: TCertificate | null | undefined;
  cloud: TCloudCertificate | null | undefined;
  onLeave: () => void;
}) {
  const problems = [
    a1 && a1.key_status !== 'available' && CERTIFICATE_KEY_PROBLEMS[a1.key_status],
    cloud && cloud.key_status !== 'available' && CERTIFICATE_KEY_PROBLEMS[cloud.key_status],
    cloud?.provider_available === false &&
      `O provedor ${cloud.provider_name} não está mais configurado neste servidor: peça ao administrador.`,
  ].filter((problem): problem is string => Boolean(problem));
  return (
    <div className="flex flex-col items-start gap-3">
      {problems.map((problem) => (
        <Alert key={problem} tone="error">
          {problem}
        </Alert>
      ))}
      {problems.length === 0 && (
        <Alert tone="info">
          Cadastre seu certificado digital A1 ou conecte um certificado em nuvem no Perfil para assinar documentos.
        </Alert>
      )}
      <Link to="/user/profile" className={buttonClasses('secondary', 'sm')} onClick={onLeave}>
        Ir para o Perfil
      </Link>
    </div>
  );
}

overlays.register('sign-pdf', SignPdfDialog);

/** Asks what signs (and the A1 certificate's password), then downloads the PDF `sign` makes. */
export function signPdf(request: SignPdfRequest): Promise<void> {
  return overlays.open<void>('sign-pdf', request);
}

/** Today's date for a downloaded file's name: `anamnese-assinada-2026-11-26.pdf`. */
export const fileDate = () => new Date().toISOString().slice(0, 10);
