import { readApiError } from '../../../../lib/api-error';

export interface GenerationProblem {
  title: string;
  description: string;
}

/** What is generated: who writes it, and what stays as it was when a generation is refused. */
const SUBJECTS = {
  note: { assistant: 'O assistente de anamnese', kept: 'a nota atual continua disponível' },
  documents: { assistant: 'O assistente de documentos', kept: 'os documentos já feitos continuam disponíveis' },
} as const;

export type GenerationSubject = keyof typeof SUBJECTS;

/** What a refused generation means to the professional, and what to do about it (the 402 detail gives the balance). */
export function describeGenerationError(error: unknown, subject: GenerationSubject): GenerationProblem {
  const { status, message } = readApiError(error);
  const { assistant, kept } = SUBJECTS[subject];
  if (status === 402) {
    return {
      title: 'Créditos insuficientes',
      description: `${message} Fale com o administrador para receber mais créditos; ${kept}.`,
    };
  }
  if (status === 503) {
    return {
      title: 'A geração não está configurada neste servidor',
      description: `${assistant} ainda não foi ligado aqui. Avise o administrador do sistema.`,
    };
  }
  return { title: status === 409 ? 'Não foi possível gerar agora' : 'Não foi possível gerar', description: message };
}
