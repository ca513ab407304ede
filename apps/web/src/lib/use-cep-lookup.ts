import { useMutation } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { useClientConfig } from './api/get-client-config';
import { CepNotFoundError, lookupCep } from './api/lookup-cep';

/** Looks a CEP up on the configured service; `message` explains a failure in plain words. */
export function useCepLookup() {
  const config = useClientConfig();
  const lookup = useMutation({
    mutationFn: async (cep: string) => {
      const host = config.data?.cep_lookup_url;
      if (!host) throw new Error('CEP lookup address not loaded');
      return lookupCep(host, cep);
    },
  });
  return { ...lookup, message: lookup.isError ? describeCepError(lookup.error) : undefined };
}

function describeCepError(error: Error): string {
  if (error instanceof CepNotFoundError)
    return 'CEP não encontrado. Confira os números ou preencha o endereço manualmente.';
  if (error instanceof FetchError && error.status !== undefined && error.status < 500) return 'CEP inválido.';
  return 'Não foi possível consultar o CEP agora: o serviço de busca está indisponível. Preencha o endereço manualmente.';
}
