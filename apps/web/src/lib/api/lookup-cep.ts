import { ofetch } from 'ofetch';

/** The address fields a CEP lookup fills in. */
export interface CepAddress {
  street: string;
  district: string;
  city: string;
  state: string;
}

// ViaCEP's answer (an external service, outside our contract): fields in Portuguese, or `{ erro: true }`.
interface ViaCepAnswer {
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
}

export class CepNotFoundError extends Error {
  constructor() {
    super('CEP não encontrado');
  }
}

/** GET {host}/ws/{cep}/json (spec §7). A network failure rejects with the fetch error. */
export async function lookupCep(host: string, cep: string): Promise<CepAddress> {
  const digits = cep.replace(/\D/g, '');
  const answer = await ofetch<ViaCepAnswer>(`${host.replace(/\/$/, '')}/ws/${digits}/json`, {
    retry: 0,
    timeout: 8000,
  });
  if (answer.erro) throw new CepNotFoundError();
  return {
    street: answer.logradouro ?? '',
    district: answer.bairro ?? '',
    city: answer.localidade ?? '',
    state: answer.uf ?? '',
  };
}
