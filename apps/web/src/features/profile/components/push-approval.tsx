import { CLOUD_PUSH_POLL_MS, type TPscProvider } from '@escriba/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { readApiError } from '../../../lib/api-error';
import { checkPush, cloudCertificateQueryOptions } from '../../../lib/api/cloud-certificate';
import { toasts } from '../../../lib/toast-store';

/** Waits for her approval on her phone, asking the server every CLOUD_PUSH_POLL_MS, until it connects or fails. */
export function PushApproval({
  provider,
  state,
  onCancel,
}: {
  provider: TPscProvider;
  state: string;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const approval = useQuery({
    queryKey: ['user', 'cloud-push', state],
    queryFn: () => checkPush(state),
    refetchInterval: (query) => (query.state.data || query.state.error ? false : CLOUD_PUSH_POLL_MS),
    retry: false,
    gcTime: 0,
  });
  const connected = approval.data;
  useEffect(() => {
    if (!connected) return;
    toasts.add({ title: `Certificado em nuvem autorizado no ${provider.name}`, color: 'success' });
    queryClient.setQueryData(cloudCertificateQueryOptions().queryKey, connected);
  }, [connected, provider.name, queryClient]);

  if (approval.error) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">{readApiError(approval.error).message}</Alert>
        <Button variant="secondary" onClick={onCancel}>
          Começar de novo
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3" role="status">
      <Alert tone="info">
        Abra o aplicativo do {provider.name} no seu celular e aprove o pedido do Escriba. Esta página continua sozinha
        quando você aprovar.
      </Alert>
      <Button variant="secondary" onClick={onCancel}>
        Cancelar
      </Button>
    </div>
  );
}
