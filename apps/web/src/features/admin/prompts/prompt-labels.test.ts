import type { TAdminPrompt } from '@escriba/contract';
import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { describeTestFailure, describeTestSources, groupByPurpose } from './prompt-labels';

function httpError(status: number, data: unknown): FetchError {
  const error = new FetchError('failed');
  Object.assign(error, { status, data, response: new Response(null, { status }) });
  return error;
}

const prompt = (purpose: TAdminPrompt['purpose'], name: string) => ({ purpose, name }) as TAdminPrompt;

describe('groupByPurpose', () => {
  it('lists every purpose in order with its Portuguese title, keeping the server order inside', () => {
    const groups = groupByPurpose([prompt('condense', 'C'), prompt('anamnesis', 'A2'), prompt('anamnesis', 'A1')]);
    expect(groups.map((group) => group.title)).toEqual([
      'Anamnese',
      'Reescrita de campo',
      'Condensação de transcrição',
      'Hipóteses diagnósticas (CID-10)',
      'Receita',
      'Atestado',
      'Solicitação de exames',
      'Encaminhamento',
      'Orientações ao paciente',
      'Relatório médico',
    ]);
    expect(groups[0]?.prompts.map((item) => item.name)).toEqual(['A2', 'A1']);
    expect(groups[1]?.prompts).toEqual([]);
  });
});

describe('describeTestFailure', () => {
  it('says the generation is not configured on 503, with the server sentence', () => {
    const failure = describeTestFailure(
      httpError(503, { detail: 'A geração de texto não está configurada (LLM_URL).' }),
    );
    expect(failure.title).toBe('Geração de texto não configurada');
    expect(failure.message).toContain('A geração de texto não está configurada (LLM_URL).');
  });

  it('names a provider failure (502) and a timeout (504) apart', () => {
    expect(describeTestFailure(httpError(502, { detail: 'Indisponível.' }))).toEqual({
      title: 'O serviço de geração de texto falhou',
      message: 'Indisponível. Tente de novo em instantes.',
    });
    expect(describeTestFailure(httpError(504, {})).title).toBe('O serviço de geração de texto não respondeu a tempo');
  });

  it('reads other errors as every form does', () => {
    const failure = describeTestFailure(httpError(422, { detail: [{ loc: ['body'], msg: 'Prompt não encontrado' }] }));
    expect(failure).toEqual({ title: 'Não foi possível testar', message: 'Prompt não encontrado' });
    expect(describeTestFailure(new TypeError('fetch failed')).message).toMatch(/conexão/);
  });
});

describe('describeTestSources', () => {
  const segment = (seq: number) => ({ seq, start: 0, end: 1 });
  it('lists the cited segments of the sample conversation', () => {
    const sources = { evidence: [], user_context: false };
    expect(describeTestSources({ ...sources, transcript: [segment(2), segment(3), segment(5)] })).toBe(
      'Trechos 2, 3 e 5 da conversa',
    );
    expect(describeTestSources({ ...sources, transcript: [segment(4)] })).toBe('Trecho 4 da conversa');
    expect(describeTestSources({ ...sources, transcript: [] })).toBe('Sem trechos da conversa como fonte');
  });
});
