import { CERTIFICATE_KEY_PROBLEMS, type TCloudCertificate } from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CertificateFacts } from '../../../components/certificates/certificate-facts';
import { OutsideIcpBrasilAlert } from '../../../components/certificates/outside-icp-brasil-alert';
import { ReauthorizeButton } from '../../../components/certificates/reauthorize-button';
import { Alert } from '../../../components/ui/alert';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { readApiError } from '../../../lib/api-error';
import {
  cloudCertificateQueryOptions,
  disconnectCloudCertificate,
  useCloudCertificate,
  usePscProviders,
} from '../../../lib/api/cloud-certificate';
import { formatDateTime } from '../../../lib/format';
import { toasts } from '../../../lib/toast-store';
import { CloudConnectForm } from './cloud-connect-form';

/**
 * The cloud certificate (BirdID, VIDaaS…) that signs without a file or a password: the provider's certificates for
 * her CPF, the authorisation at the provider for a while she picks, and what the connected one says of itself.
 */
export function CloudCertificateCard() {
  const providers = usePscProviders();
  const connection = useCloudCertificate();
  const failed = providers.error ?? connection.error;
  return (
    <Card aria-labelledby="cloud-certificate-title">
      <CardHeader
        id="cloud-certificate-title"
        title="Certificado em nuvem"
        description="Assine com o certificado ICP-Brasil guardado no seu provedor (BirdID, VIDaaS, SafeID…): você autoriza o Escriba no aplicativo do provedor por um período, e cada documento é assinado sem arquivo nem senha."
      />
      {(providers.isPending || connection.isPending) && <p className="text-sm text-muted">Carregando…</p>}
      {failed && <Alert tone="error">{readApiError(failed).message}</Alert>}
      {connection.data && <CloudCertificateSummary certificate={connection.data} />}
      {connection.data === null && providers.data?.length === 0 && (
        <Alert tone="info">
          Nenhum provedor de certificado em nuvem está configurado neste servidor. Peça ao administrador que cadastre o
          seu na página Sistema.
        </Alert>
      )}
      {connection.data === null && Boolean(providers.data?.length) && <CloudConnectForm providers={providers.data!} />}
    </Card>
  );
}

function CloudCertificateSummary({ certificate }: { certificate: TCloudCertificate }) {
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: disconnectCloudCertificate,
    onSuccess: () => queryClient.setQueryData(cloudCertificateQueryOptions().queryKey, null),
  });
  const authorization = certificate.authorized_until
    ? `Assina sem pedir de novo até ${formatDateTime(certificate.authorized_until)}`
    : 'Expirada: autorize de novo para assinar';
  return (
    <div className="flex flex-col gap-4">
      {!certificate.provider_available && (
        <Alert tone="error">
          O provedor {certificate.provider_name} não está mais configurado neste servidor: peça ao administrador.
        </Alert>
      )}
      {certificate.key_status !== 'available' && (
        <Alert tone="error">{CERTIFICATE_KEY_PROBLEMS[certificate.key_status]}</Alert>
      )}
      <CertificateFacts
        certificate={certificate}
        before={[['Provedor', certificate.provider_name]]}
        after={[['Autorização', authorization]]}
      />
      <OutsideIcpBrasilAlert certificate={certificate} />
      {disconnect.error && <Alert tone="error">{readApiError(disconnect.error).message}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <ConfirmDeleteButton
          variant="secondary"
          size="md"
          isDeleting={disconnect.isPending}
          confirmation={{
            title: 'Desconectar o certificado em nuvem?',
            description: `O Escriba esquece a autorização no ${certificate.provider_name}. Os documentos já assinados continuam válidos.`,
            confirmLabel: 'Desconectar',
          }}
          onConfirm={() =>
            disconnect.mutate(undefined, {
              onSuccess: () => toasts.add({ title: 'Certificado em nuvem desconectado' }),
            })
          }
        >
          Desconectar
        </ConfirmDeleteButton>
        {certificate.provider_available && (
          <ReauthorizeButton
            certificate={certificate}
            variant={certificate.authorized_until ? 'secondary' : 'primary'}
            label={certificate.authorized_until ? 'Renovar autorização' : 'Autorizar de novo'}
          />
        )}
      </div>
    </div>
  );
}
