import type { TLicenseType } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { toasts } from '../../../lib/toast-store';
import { useCreateLicense } from '../api/create-license';
import { useDeleteLicense } from '../api/delete-license';
import { useLicenses } from '../../../lib/api/list-licenses';
import { useSetPrimaryLicense } from '../api/set-primary-license';
import { useUpdateLicense } from '../api/update-license';
import { LicenseForm } from './license-form';

const showError = (error: unknown) =>
  toasts.add({ title: 'Não foi possível salvar', description: readApiError(error).message, color: 'error' });

export function LicensesCard({ licenseTypes }: { licenseTypes: TLicenseType[] }) {
  const licenses = useLicenses();
  const createLicense = useCreateLicense();
  const updateLicense = useUpdateLicense();
  const deleteLicense = useDeleteLicense();
  const setPrimary = useSetPrimaryLicense();
  // A license id, 'new' for the add form, or null.
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Card aria-labelledby="licenses-title">
      <CardHeader
        id="licenses-title"
        title="Registros profissionais"
        description="O registro principal aparece nos documentos gerados."
        actions={
          editing !== 'new' && (
            <Button variant="secondary" size="sm" onClick={() => setEditing('new')}>
              <Icon name="plus" className="size-4" /> Adicionar registro
            </Button>
          )
        }
      />
      {licenses.isError && <Alert tone="error">{readApiError(licenses.error).message}</Alert>}
      <ul className="flex flex-col gap-3" aria-label="Registros">
        {licenses.data?.map((license) =>
          editing === license.id ? (
            <li key={license.id}>
              <LicenseForm
                title="Editar registro"
                licenseTypes={licenseTypes}
                initial={license}
                submitLabel="Salvar registro"
                isPending={updateLicense.isPending}
                onCancel={() => setEditing(null)}
                onSubmit={(body, onError) =>
                  updateLicense.mutate({ id: license.id, ...body }, { onSuccess: () => setEditing(null), onError })
                }
              />
            </li>
          ) : (
            <li
              key={license.id}
              data-testid="license"
              className="flex flex-wrap items-center gap-3 rounded-xl border border-line px-4 py-3"
            >
              <Icon name="badge-check" className={license.is_primary ? 'text-accent-600' : 'text-muted'} />
              <span className="font-medium">
                {license.license_type_code} {license.number}/{license.state}
                {license.rqe && <span className="font-normal text-muted"> · RQE nº {license.rqe}</span>}
              </span>
              {license.is_primary && (
                <span className="rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-ink dark:bg-accent-500/15">
                  Principal
                </span>
              )}
              <div className="ml-auto flex flex-wrap gap-1">
                {!license.is_primary && (
                  <Button
                    variant="ghost"
                    size="sm"
                    isLoading={setPrimary.isPending && setPrimary.variables === license.id}
                    onClick={() => setPrimary.mutate(license.id, { onError: showError })}
                  >
                    <Icon name="star" className="size-4" /> Tornar principal
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing(license.id)}
                  aria-label={`Editar ${license.license_type_code} ${license.number}`}
                >
                  <Icon name="pencil" className="size-4" /> Editar
                </Button>
                <ConfirmDeleteButton
                  className="text-danger"
                  aria-label={`Remover ${license.license_type_code} ${license.number}`}
                  confirmation={{
                    title: 'Remover registro?',
                    description: `O registro ${license.license_type_code} ${license.number}/${license.state} será removido do seu perfil.`,
                    confirmLabel: 'Remover',
                  }}
                  isDeleting={deleteLicense.isPending && deleteLicense.variables === license.id}
                  onConfirm={() => deleteLicense.mutate(license.id, { onError: showError })}
                >
                  Remover
                </ConfirmDeleteButton>
              </div>
            </li>
          ),
        )}
      </ul>
      {licenses.data?.length === 0 && editing !== 'new' && (
        <p className="text-muted">Nenhum registro cadastrado ainda.</p>
      )}
      {editing === 'new' && (
        <div className="mt-3">
          <LicenseForm
            title="Novo registro"
            licenseTypes={licenseTypes}
            submitLabel="Adicionar"
            isPending={createLicense.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(body, onError) => createLicense.mutate(body, { onSuccess: () => setEditing(null), onError })}
          />
        </div>
      )}
    </Card>
  );
}
