import {
  PROMPT_PURPOSE_LABELS,
  ZPromptPurpose,
  type TAdminPrompt,
  type TFieldSources,
  type TPromptPurpose,
} from '@escriba/contract';
import { FetchError } from 'ofetch';
import { readApiError } from '../../../lib/api-error';

/** What each purpose's prompt is for, below its heading. */
const PURPOSE_HINTS: Record<TPromptPurpose, string> = {
  anamnesis: 'Escreve a anamnese inteira a partir da transcrição, dos anexos e do contexto.',
  field_rewrite: 'Reescreve um campo da anamnese com a instrução do profissional.',
  condense: 'Resume transcrições longas antes da geração da anamnese.',
  diagnoses: 'Propõe as hipóteses diagnósticas da anamnese, com fontes, e escolhe seus códigos entre os da CID-10.',
  document_receita: 'Escreve a receita com os medicamentos que o profissional prescreveu.',
  document_atestado: 'Escreve o atestado com os dias e a finalidade ditos na consulta.',
  document_exames: 'Escreve a solicitação dos exames que o profissional pediu.',
  document_encaminhamento: 'Escreve o encaminhamento a outro profissional ou serviço.',
  document_orientacoes: 'Escreve as orientações ao paciente em linguagem simples.',
  document_relatorio: 'Escreve o relatório médico em seções.',
};

export interface PromptGroup {
  purpose: TPromptPurpose;
  title: string;
  hint: string;
  prompts: TAdminPrompt[];
}

/** Every purpose, in the contract's order, with its prompts as the server sorted them (the active one first). */
export function groupByPurpose(prompts: TAdminPrompt[]): PromptGroup[] {
  return ZPromptPurpose.options.map((purpose) => {
    const label = PROMPT_PURPOSE_LABELS[purpose];
    return {
      purpose,
      title: label.charAt(0).toUpperCase() + label.slice(1),
      hint: PURPOSE_HINTS[purpose],
      prompts: prompts.filter((prompt) => prompt.purpose === purpose),
    };
  });
}

/** Why a test run gave no note: what happened and what to do. */
export interface TestFailure {
  title: string;
  message: string;
}

const PROVIDER_FAILURES: Record<number, { title: string; advice: string }> = {
  503: {
    title: 'Geração de texto não configurada',
    advice: 'Configure LLM_URL no servidor para testar prompts.',
  },
  502: { title: 'O serviço de geração de texto falhou', advice: 'Tente de novo em instantes.' },
  504: { title: 'O serviço de geração de texto não respondeu a tempo', advice: 'Tente de novo em instantes.' },
};

/** 502, 503 and 504 carry the server's own sentence (which provider failure); anything else reads as usual. */
export function describeTestFailure(error: unknown): TestFailure {
  const status = error instanceof FetchError ? error.status : undefined;
  const failure = status === undefined ? undefined : PROVIDER_FAILURES[status];
  if (!failure) return { title: 'Não foi possível testar', message: readApiError(error).message };
  const detail: unknown = error instanceof FetchError ? (error.data as { detail?: unknown } | undefined)?.detail : '';
  const message = typeof detail === 'string' && detail ? `${detail} ${failure.advice}` : failure.advice;
  return { title: failure.title, message };
}

/** "Trechos 2, 3 e 5 da conversa": the sample's transcript segments a field of a test run cites. */
export function describeTestSources(sources: TFieldSources): string {
  const seqs = sources.transcript.map((segment) => segment.seq);
  if (seqs.length === 0) return 'Sem trechos da conversa como fonte';
  const list = new Intl.ListFormat('pt-BR', { type: 'conjunction' }).format(seqs.map(String));
  return `${seqs.length === 1 ? 'Trecho' : 'Trechos'} ${list} da conversa`;
}
