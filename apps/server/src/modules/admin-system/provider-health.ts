import type { TDependencyHealth } from '@escriba/contract';
import type { Config } from '../../config';
import { probe, ProbeFailure, unconfigured } from './probe';

interface ProviderEndpoint {
  name: string;
  kind: string;
  url: string | undefined;
  apiKey: string | undefined;
  variable: string;
}

/** Each AI provider's reachability: GET {base}/models, which every OpenAI-compatible server answers. */
export async function providerHealth(config: Config): Promise<TDependencyHealth[]> {
  const llm = {
    name: 'Anamnese (LLM)',
    kind: `chat completions · ${config.llm.model}`,
    ...config.llm,
    variable: 'LLM_URL',
  };
  const [transcription, anamnesis] = await Promise.all([transcriptionProviderHealth(config), check(llm)]);
  return [...transcription, anamnesis];
}

/** The speech-to-text providers' reachability (faster-whisper, then the cloud API). */
export function transcriptionProviderHealth(config: Config): Promise<TDependencyHealth[]> {
  const endpoints: ProviderEndpoint[] = [
    {
      name: 'Transcrição (faster-whisper)',
      kind: 'faster-whisper',
      ...config.transcription.whisper,
      variable: 'WHISPER_URL',
    },
    {
      name: 'Transcrição (nuvem)',
      kind: 'OpenAI-compatível',
      ...config.transcription.cloud,
      variable: 'TRANSCRIPTION_URL',
    },
  ];
  return Promise.all(endpoints.map(check));
}

function check({ name, kind, url, apiKey, variable }: ProviderEndpoint): Promise<TDependencyHealth> {
  if (!url) return Promise.resolve(unconfigured(name, kind, `Não configurado (${variable})`));
  return probe(name, kind, async (signal) => {
    const response = await fetch(`${url}/models`, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal,
    }).catch(() => {
      throw new ProbeFailure('Sem conexão com o servidor');
    });
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403) throw new ProbeFailure('A chave de acesso foi recusada');
    if (!response.ok) throw new ProbeFailure(`Respondeu ${response.status}`);
  });
}
