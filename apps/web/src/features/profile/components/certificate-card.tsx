import { CERTIFICATE_KEY_PROBLEMS, CERTIFICATE_MAX_BYTES, type TCertificate } from '@escriba/contract';
import { useState, type FormEvent } from 'react';
import { CertificateFacts } from '../../../components/certificates/certificate-facts';
import { OutsideIcpBrasilAlert } from '../../../components/certificates/outside-icp-brasil-alert';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { PasswordField } from '../../../components/ui/password-field';
import { readApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useCertificate } from '../../../lib/api/get-certificate';
import { toasts } from '../../../lib/toast-store';
import { useDeleteCertificate } from '../api/delete-certificate';
import { useSaveCertificate } from '../api/save-certificate';

/**
 * The A1 certificate that signs the documents' PDFs: what it says of itself and whether it is ICP-Brasil's,
 * or the form to send it.
 */
export function CertificateCard() {
  const certificate = useCertificate();
  return (
    <Card aria-labelledby="certificate-title">
      <CardHeader
        id="certificate-title"
        title="Certificado digital A1"
        description="Assina os PDFs dos documentos; farmácias e o validador do ITI pedem um certificado ICP-Brasil. O arquivo fica cifrado no servidor; a senha é pedida a cada assinatura e nunca é guardada."
      />
      {certificate.isPending && <p className="text-sm text-muted">Carregando…</p>}
      {certificate.error && <Alert tone="error">{readApiError(certificate.error).message}</Alert>}
      {certificate.data && <CertificateSummary certificate={certificate.data} />}
      {certificate.data === null && <CertificateForm />}
    </Card>
  );
}

function CertificateSummary({ certificate }: { certificate: TCertificate }) {
  const remove = useDeleteCertificate();
  return (
    <div className="flex flex-col gap-4">
      {certificate.key_status !== 'available' && (
        <Alert tone="error">{CERTIFICATE_KEY_PROBLEMS[certificate.key_status]}</Alert>
      )}
      <CertificateFacts certificate={certificate} />
      <OutsideIcpBrasilAlert certificate={certificate} />
      {remove.error && <Alert tone="error">{readApiError(remove.error).message}</Alert>}
      <div className="flex justify-end">
        <ConfirmDeleteButton
          variant="secondary"
          size="md"
          isDeleting={remove.isPending}
          confirmation={{
            title: 'Remover o certificado?',
            description:
              'Os documentos já assinados continuam válidos. Para assinar outros, envie um certificado de novo.',
            confirmLabel: 'Remover',
          }}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => toasts.add({ title: 'Certificado removido' }) })}
        >
          Remover certificado
        </ConfirmDeleteButton>
      </div>
    </div>
  );
}

function CertificateForm() {
  const save = useSaveCertificate();
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ file?: string; password?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      file: !file
        ? 'Escolha o arquivo .pfx ou .p12'
        : file.size > CERTIFICATE_MAX_BYTES
          ? 'Arquivo grande demais para um certificado A1'
          : undefined,
      password: password ? undefined : 'Informe a senha do certificado',
    };
    setErrors(found);
    if (!file || found.file || found.password) return;
    save.mutate(
      { file, password },
      {
        onSuccess: () => {
          setPassword('');
          toasts.add({ title: 'Certificado guardado', color: 'success' });
        },
        onError: (error) => {
          const info = readApiError(error);
          const { file: fileError, password: passwordError } = info.fieldErrors;
          setErrors({
            file: fileError,
            password: passwordError,
            form: fileError || passwordError ? undefined : info.message,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <span id="certificate-file-label" className="text-sm font-medium">
            Arquivo do certificado (.pfx ou .p12)
          </span>
          {/* The browser's own file control speaks its interface language: this one speaks Portuguese. */}
          <label
            className={cn(
              'flex h-10 cursor-pointer items-center gap-3 rounded-lg border border-line bg-surface px-1.5 focus-within:outline-2 focus-within:outline-accent-500',
              errors.file && 'border-danger',
            )}
          >
            <input
              type="file"
              accept=".pfx,.p12,application/x-pkcs12"
              className="sr-only"
              aria-labelledby="certificate-file-label"
              aria-invalid={Boolean(errors.file)}
              aria-describedby={errors.file ? 'certificate-file-error' : undefined}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
            <span className={buttonClasses('secondary', 'sm')}>Escolher arquivo</span>
            <span className="truncate text-sm text-muted">{file?.name ?? 'Nenhum arquivo escolhido'}</span>
          </label>
          {errors.file && (
            <span id="certificate-file-error" className="text-sm text-danger">
              {errors.file}
            </span>
          )}
        </div>
        <PasswordField
          label="Senha do certificado"
          autoComplete="off"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending}>
          Enviar certificado
        </Button>
      </div>
    </form>
  );
}
