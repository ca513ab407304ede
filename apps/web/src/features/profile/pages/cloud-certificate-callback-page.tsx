import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { readApiError } from '../../../lib/api-error';
import { cloudCertificateQueryOptions, finishCloudConnection } from '../../../lib/api/cloud-certificate';
import { toasts } from '../../../lib/toast-store';

/**
 * Where the PSC provider sends her back: the connection is finished with its `code` and `state`, and she returns to
 * where she began (the sign dialog's page or the profile). A refusal at the provider (`error`) is said plainly.
 */
export function CloudCertificateCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = params.get('code');
  const state = params.get('state');
  const finish = useMutation({
    mutationFn: () => finishCloudConnection(state!, code!),
    onSuccess: (certificate) => {
      queryClient.setQueryData(cloudCertificateQueryOptions().queryKey, certificate);
      toasts.add({ title: `Certificado em nuvem autorizado no ${certificate.provider_name}`, color: 'success' });
      void navigate(certificate.return_to ?? '/user/profile', { replace: true });
    },
  });
  const canFinish = Boolean(code && state);
  const { mutate } = finish;
  // The state is claimed once: a second call (React's development double effect) would be refused.
  const started = useRef(false);
  useEffect(() => {
    if (!canFinish || started.current) return;
    started.current = true;
    mutate();
  }, [canFinish, mutate]);

  const refused = params.get('error');
  const problem = !canFinish
    ? refused === 'access_denied'
      ? 'A autorização foi recusada no provedor. Nada mudou no Escriba.'
      : 'O provedor não devolveu a autorização. Comece de novo no Perfil.'
    : finish.error && readApiError(finish.error).message;
  return (
    <Card aria-labelledby="cloud-callback-title" className="mx-auto max-w-xl">
      <CardHeader id="cloud-callback-title" title="Certificado em nuvem" />
      {problem ? (
        <div className="flex flex-col items-start gap-4">
          <Alert tone="error">{problem}</Alert>
          <Link to="/user/profile" className={buttonClasses('secondary', 'md')}>
            Voltar ao Perfil
          </Link>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted">
          Concluindo a autorização no provedor…
        </p>
      )}
    </Card>
  );
}
