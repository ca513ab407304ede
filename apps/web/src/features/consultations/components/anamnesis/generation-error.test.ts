import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { describeGenerationError } from './generation-error';

const refused = (status: number, detail: string) =>
  Object.assign(new FetchError('refused'), { status, data: { detail } });

describe('describeGenerationError', () => {
  it('402: the server sentence, the balance and what to do', () => {
    const problem = describeGenerationError(refused(402, 'Créditos insuficientes para gerar.'), 0);
    expect(problem.title).toBe('Créditos insuficientes');
    expect(problem.description).toContain('Créditos insuficientes para gerar. Seu saldo é de 0 créditos.');
    expect(problem.description).toContain('administrador');
  });

  it('503: generation is not configured on this server', () => {
    expect(describeGenerationError(refused(503, 'LLM_URL missing'), 3).title).toBe(
      'A geração não está configurada neste servidor',
    );
  });

  it('409: the server says why (a generation running, the consultation concluded)', () => {
    expect(describeGenerationError(refused(409, 'Já existe uma geração em andamento.'), 3).description).toBe(
      'Já existe uma geração em andamento.',
    );
  });
});
