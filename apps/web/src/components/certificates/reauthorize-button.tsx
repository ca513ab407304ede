import type { TCloudCertificate } from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { readApiError } from '../../lib/api-error';
import { authorizeAtProvider, usePscProviders } from '../../lib/api/cloud-certificate';
import { toasts } from '../../lib/toast-store';
import { Button, type ButtonProps } from '../ui/button';

// A day of documents without authorising again, unless the provider allows less.
const DEFAULT_LIFETIME_SECONDS = 24 * 3600;

/**
 * Authorises the connected cloud certificate again at its provider, for a day (or the provider's limit), and comes
 * back to this page.
 */
export function ReauthorizeButton({
  certificate,
  label,
  variant = 'primary',
}: {
  certificate: TCloudCertificate;
  label: string;
  variant?: ButtonProps['variant'];
}) {
  const providers = usePscProviders();
  const limit = providers.data?.find((provider) => provider.id === certificate.provider_id)?.max_lifetime_seconds;
  const authorize = useMutation({
    mutationFn: () =>
      authorizeAtProvider({
        provider_id: certificate.provider_id,
        certificate_alias: certificate.certificate_alias,
        lifetime_seconds: Math.min(DEFAULT_LIFETIME_SECONDS, limit ?? DEFAULT_LIFETIME_SECONDS),
        return_to: window.location.pathname + window.location.search,
      }),
    onError: (error) => toasts.add({ title: readApiError(error).message, color: 'error' }),
  });
  return (
    <Button
      variant={variant}
      isLoading={authorize.isPending || authorize.isSuccess}
      disabled={providers.isPending}
      onClick={() => authorize.mutate()}
    >
      {label}
    </Button>
  );
}
