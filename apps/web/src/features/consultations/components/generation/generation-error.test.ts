import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { describeGenerationError } from './generation-error';

const refused = (status: number, detail: string) =>
  Object.assign(new FetchError('refused'), { status, data: { detail } });

describe('describeGenerationError', () => {
  it('402: the server sentence (with the balance) and what to do', () => {
    const detail = 'Créditos insuficientes: cada geração usa 1 crédito e seu saldo é 0.';
    const problem = describeGenerationError(refused(402, detail), 'note');
    expect(problem.title).toBe('Créditos insuficientes');
    expect(problem.description).toBe(
      `${detail} Fale com o administrador para receber mais créditos; a nota atual continua disponível.`,
    );
    expect(describeGenerationError(refused(402, detail), 'documents').description).toBe(
      `${detail} Fale com o administrador para receber mais créditos; os documentos já feitos continuam disponíveis.`,
    );
  });

  it('503: generation is not configured on this server, said of the assistant asked', () => {
    const note = describeGenerationError(refused(503, 'LLM_URL missing'), 'note');
    expect(note.title).toBe('A geração não está configurada neste servidor');
    expect(note.description).toMatch(/^O assistente de anamnese ainda não foi ligado aqui/);
    expect(describeGenerationError(refused(503, 'LLM_URL missing'), 'documents').description).toMatch(
      /^O assistente de documentos ainda não foi ligado aqui/,
    );
  });

  it('409: the server says why (a generation running, the consultation concluded)', () => {
    expect(describeGenerationError(refused(409, 'Já existe uma geração em andamento.'), 'note').description).toBe(
      'Já existe uma geração em andamento.',
    );
  });
});
