import {
  CERTIFICATE_KEY_PROBLEMS,
  PSC_LIFETIME_CHOICES_SECONDS,
  formatCpf,
  formatLifetime,
  type TCloudCertificate,
  type TCloudSlot,
  type TPscProvider,
} from '@escriba/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { OutsideIcpBrasilAlert } from '../../../components/certificates/outside-icp-brasil-alert';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-button';
import { SelectField } from '../../../components/ui/select-field';
import { readApiError } from '../../../lib/api-error';
import {
  authorizeAtProvider,
  cloudCertificateQueryOptions,
  disconnectCloudCertificate,
  findCloudSlots,
  useCloudCertificate,
  usePscProviders,
} from '../../../lib/api/cloud-certificate';
import { formatDate, formatDateTime } from '../../../lib/format';
import { toasts } from '../../../lib/toast-store';
import { ReauthorizeButton } from '../../../components/certificates/reauthorize-button';

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
      {connection.data === null && Boolean(providers.data?.length) && <ConnectForm providers={providers.data!} />}
    </Card>
  );
}

function CloudCertificateSummary({ certificate }: { certificate: TCloudCertificate }) {
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: disconnectCloudCertificate,
    onSuccess: () => queryClient.setQueryData(cloudCertificateQueryOptions().queryKey, null),
  });
  const rows = [
    ['Provedor', certificate.provider_name],
    ['Titular', certificate.holder_name],
    ['CPF', certificate.cpf ? formatCpf(certificate.cpf) : 'Não consta no certificado'],
    ['Emissor', certificate.issuer],
    ['ICP-Brasil', certificate.icp_brasil ? 'Sim: a cadeia chega a uma AC Raiz da ICP-Brasil' : 'Não'],
    ['Validade', `${formatDate(certificate.valid_from)} a ${formatDate(certificate.valid_until)}`],
    [
      'Autorização',
      certificate.authorized_until
        ? `Assina sem pedir de novo até ${formatDateTime(certificate.authorized_until)}`
        : 'Expirada: autorize de novo para assinar',
    ],
  ];
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
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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

function ConnectForm({ providers }: { providers: TPscProvider[] }) {
  const [providerId, setProviderId] = useState(providers[0]!.id);
  const provider = providers.find((each) => each.id === providerId)!;
  const lifetimes = PSC_LIFETIME_CHOICES_SECONDS.filter((seconds) => seconds <= provider.max_lifetime_seconds);
  const [lifetime, setLifetime] = useState<number>(lifetimes.includes(86_400) ? 86_400 : lifetimes.at(-1)!);
  const [alias, setAlias] = useState<string>();
  const slots = useMutation({
    mutationFn: () => findCloudSlots(providerId),
    onSuccess: (found) => setAlias(found[0]?.alias),
  });
  const authorize = useMutation({
    mutationFn: () =>
      authorizeAtProvider({ provider_id: providerId, certificate_alias: alias!, lifetime_seconds: lifetime }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!slots.data) slots.mutate();
    else if (alias) authorize.mutate();
  };
  const error = slots.error ?? authorize.error;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && <Alert tone="error">{readApiError(error).message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Provedor"
          value={providerId}
          onChange={(event) => {
            setProviderId(event.target.value);
            slots.reset();
            setAlias(undefined);
          }}
        >
          {providers.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </SelectField>
        {slots.data && slots.data.length > 0 && (
          <SelectField
            label="Autorizar por"
            hint={`O ${provider.name} permite até ${formatLifetime(provider.max_lifetime_seconds)}.`}
            value={lifetime}
            onChange={(event) => setLifetime(Number(event.target.value))}
          >
            {lifetimes.map((seconds) => (
              <option key={seconds} value={seconds}>
                {formatLifetime(seconds)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {slots.data && <SlotChoice provider={provider} slots={slots.data} alias={alias} onChange={setAlias} />}
      <div className="flex justify-end">
        {!slots.data ? (
          <Button type="submit" variant="secondary" isLoading={slots.isPending}>
            Buscar meus certificados
          </Button>
        ) : (
          slots.data.length > 0 && (
            <Button type="submit" isLoading={authorize.isPending || authorize.isSuccess}>
              Autorizar no {provider.name}
            </Button>
          )
        )}
      </div>
    </form>
  );
}

function SlotChoice({
  provider,
  slots,
  alias,
  onChange,
}: {
  provider: TPscProvider;
  slots: TCloudSlot[];
  alias: string | undefined;
  onChange: (alias: string) => void;
}) {
  if (slots.length === 0) {
    return (
      <Alert tone="info">
        O {provider.name} não tem certificado para o CPF do seu cadastro. Confira o CPF em Dados pessoais ou escolha
        outro provedor.
      </Alert>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Certificado no {provider.name}</legend>
      {slots.map((slot) => (
        <label key={slot.alias} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="cloud-certificate-slot"
            value={slot.alias}
            checked={alias === slot.alias}
            onChange={() => onChange(slot.alias)}
          />
          {slot.label}
        </label>
      ))}
      <p className="text-sm text-muted">
        Ao autorizar, você vai para a página do {provider.name} e confirma no aplicativo dele; depois volta para cá.
      </p>
    </fieldset>
  );
}
