import { readApiError } from '../../../../lib/api-error';

export interface GenerationProblem {
  title: string;
  description: string;
}

/** What a refused generation means to the professional, and what to do about it (the 402 detail gives the balance). */
export function describeGenerationError(error: unknown): GenerationProblem {
  const { status, message } = readApiError(error);
  if (status === 402) {
    return {
      title: 'Créditos insuficientes',
      description: `${message} Fale com o administrador para receber mais créditos; a nota atual continua disponível.`,
    };
  }
  if (status === 503) {
    return {
      title: 'A geração não está configurada neste servidor',
      description: 'O assistente de anamnese ainda não foi ligado aqui. Avise o administrador do sistema.',
    };
  }
  return { title: status === 409 ? 'Não foi possível gerar agora' : 'Não foi possível gerar', description: message };
}
