import {
  PSC_LIFETIME_CHOICES_SECONDS,
  formatLifetime,
  type TCloudAuthorizationBody,
  type TCloudSlot,
  type TPscProvider,
} from '@escriba/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RadioGroup } from '../../../components/ui/radio-group';
import { SelectField } from '../../../components/ui/select-field';
import { readApiError } from '../../../lib/api-error';
import { authorizeAtProvider, beginAuthorization, findCloudSlots } from '../../../lib/api/cloud-certificate';
import { PushApproval } from './push-approval';

type Flow = NonNullable<TCloudAuthorizationBody['flow']>;

/**
 * Connecting a cloud certificate: the provider, her certificates there (found by her CPF), how long to authorise, and
 * where to authorise (the provider's page, or her phone where the provider can notify it).
 */
export function CloudConnectForm({ providers }: { providers: TPscProvider[] }) {
  const [providerId, setProviderId] = useState(providers[0]!.id);
  const provider = providers.find((each) => each.id === providerId)!;
  const lifetimes = PSC_LIFETIME_CHOICES_SECONDS.filter((seconds) => seconds <= provider.max_lifetime_seconds);
  const [lifetime, setLifetime] = useState<number>(lifetimes.includes(86_400) ? 86_400 : lifetimes.at(-1)!);
  const [flow, setFlow] = useState<Flow>('redirect');
  const [alias, setAlias] = useState<string>();
  const slots = useMutation({
    mutationFn: () => findCloudSlots(providerId),
    onSuccess: (found) => setAlias(found[0]?.alias),
  });
  const authorize = useMutation({
    mutationFn: async () => {
      const body = { provider_id: providerId, certificate_alias: alias!, lifetime_seconds: lifetime };
      if (flow === 'redirect') return authorizeAtProvider(body);
      return (await beginAuthorization({ ...body, flow })).state;
    },
  });

  if (typeof authorize.data === 'string') {
    return <PushApproval provider={provider} state={authorize.data} onCancel={() => authorize.reset()} />;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!slots.data) slots.mutate();
    else if (alias) authorize.mutate();
  };
  const error = slots.error ?? authorize.error;
  const hasSlots = Boolean(slots.data?.length);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && <Alert tone="error">{readApiError(error).message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Provedor"
          value={providerId}
          onChange={(event) => {
            setProviderId(event.target.value);
            setFlow('redirect');
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
        {hasSlots && (
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
      {hasSlots && provider.push && <FlowChoice provider={provider} value={flow} onChange={setFlow} />}
      <div className="flex justify-end">
        {!slots.data ? (
          <Button type="submit" variant="secondary" isLoading={slots.isPending}>
            Buscar meus certificados
          </Button>
        ) : (
          hasSlots && (
            <Button type="submit" isLoading={authorize.isPending || authorize.isSuccess}>
              {flow === 'push' ? 'Enviar pedido ao celular' : `Autorizar no ${provider.name}`}
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
    <RadioGroup
      legend={`Certificado no ${provider.name}`}
      name="cloud-certificate-slot"
      options={slots.map((slot) => ({ value: slot.alias, label: slot.label }))}
      value={alias}
      onChange={onChange}
    />
  );
}

function FlowChoice({
  provider,
  value,
  onChange,
}: {
  provider: TPscProvider;
  value: Flow;
  onChange: (flow: Flow) => void;
}) {
  return (
    <RadioGroup
      legend="Como autorizar"
      name="cloud-certificate-flow"
      options={[
        { value: 'redirect', label: `Na página do ${provider.name} (você volta para cá depois)` },
        { value: 'push', label: `Pelo celular: uma notificação no aplicativo do ${provider.name}` },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}
