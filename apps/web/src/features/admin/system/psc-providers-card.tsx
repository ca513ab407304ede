import { formatLifetime, type TAdminPscProvider } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { toasts } from '../../../lib/toast-store';
import { PscProviderFormDialog } from './psc-provider-form-dialog';
import { useDeletePscProvider, usePscProviderList } from './psc-providers-api';

/** The PSC providers through which professionals connect cloud certificates, and the form to add one. */
export function PscProvidersCard() {
  const providers = usePscProviderList();
  const remove = useDeletePscProvider();
  const [editing, setEditing] = useState<TAdminPscProvider | 'new'>();
  return (
    <Card aria-labelledby="psc-providers-title">
      <CardHeader
        id="psc-providers-title"
        title="Certificados em nuvem"
        description={`Provedores PSC (BirdID, VIDaaS, SafeID…) pelos quais os profissionais assinam com certificado em nuvem. Cadastre em cada provedor o endereço de retorno ${window.location.origin}/user/profile/cloud-certificate.`}
        actions={
          <Button variant="secondary" onClick={() => setEditing('new')}>
            <Icon name="plus" className="size-4" /> Adicionar provedor
          </Button>
        }
      />
      {providers.error && <Alert tone="error">{readApiError(providers.error).message}</Alert>}
      {remove.error && <Alert tone="error">{readApiError(remove.error).message}</Alert>}
      {providers.data?.length === 0 && (
        <p className="text-sm text-muted">
          Nenhum provedor cadastrado: os profissionais assinam só com certificado A1.
        </p>
      )}
      {Boolean(providers.data?.length) && (
        <ul className="divide-y divide-line">
          {providers.data!.map((provider) => (
            <li key={provider.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {provider.name} <span className="text-sm font-normal text-muted">({provider.id})</span>
                </p>
                <p className="truncate text-sm text-muted">
                  {provider.base_url} · client_id {provider.client_id} · até{' '}
                  {formatLifetime(provider.max_lifetime_seconds)} por autorização
                  {provider.push && ' · autoriza pelo celular'}
                </p>
              </div>
              {provider.source === 'environment' ? (
                <Badge>Definido em PSC_PROVIDERS</Badge>
              ) : (
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(provider)}>
                    Editar
                  </Button>
                  <ConfirmDeleteButton
                    variant="secondary"
                    size="sm"
                    isDeleting={remove.isPending && remove.variables === provider.id}
                    confirmation={{
                      title: `Remover ${provider.name}?`,
                      description:
                        'Os profissionais conectados a ele não poderão mais assinar por este provedor. Os documentos já assinados continuam válidos.',
                      confirmLabel: 'Remover',
                    }}
                    onConfirm={() =>
                      remove.mutate(provider.id, { onSuccess: () => toasts.add({ title: 'Provedor removido' }) })
                    }
                  >
                    Remover
                  </ConfirmDeleteButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <PscProviderFormDialog
          provider={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
