import type { TTemplateField } from '@escriba/contract';
import { describe, expect, it, vi } from 'vitest';
import { sampleInputs } from '../admin-assistant/sample-consultation';
import type { GenerationInputs } from '../generation/read-generation-inputs';
import { checkStatement } from '../statements/check-statement';
import { prepareSource } from '../statements/prepared-text';
import { StatementSources } from '../statements/statement-sources';
import { NoteFieldChecks } from './note-field-checks';

// prepareSource, counted. Test files share a worker's modules (vitest.config.ts `isolate: false`): this one loads
// them afresh, so that the statement sources see the spy.
vi.hoisted(() => vi.resetModules());
vi.mock('../statements/prepared-text', { spy: true });

const INPUTS: GenerationInputs = {
  ...sampleInputs(),
  userContext: 'Hipertensa há 10 anos.',
  evidence: [
    {
      number: 1,
      evidenceId: '0b1f6a52-8d0c-4bde-9d55-3f1f0e7c2a11',
      fileName: 'exame.pdf',
      text: 'Glicemia 98 mg/dL.\nHemoglobina 13 g/dL.',
      pages: [
        { page: 1, text: 'Glicemia 98 mg/dL.' },
        { page: 2, text: 'Hemoglobina 13 g/dL.' },
      ],
    },
  ],
};

const field = (id: string): TTemplateField => ({ id, title: id, instructions: '', kind: 'text' });
const QUEIXA = field('queixa');
const MEDICACOES = field('medicacoes');
const CONDUTA = field('conduta');

// As the model writes them: labels after each sentence, the field's own for a sentence without any.
const ANSWER = {
  queixa: { text: 'Cefaleia há 3 semanas [T2]. Dor em faixa, dos dois lados [T4].', sources: ['T2'] },
  medicacoes: {
    text: 'Dipirona 750 mg quase diária [T8]. Losartana 50 mg pela manhã [T10]. Glicemia 98 mg/dL [E1 p.1]. Hipertensa [C].',
    sources: [],
  },
  conduta: { text: 'Reduzir a dipirona; retorno em 4 semanas [T14]. PA 138x88 mmHg [T13].', sources: ['T14'] },
};

describe('NoteFieldChecks', () => {
  it('prepares each cited text once per generation and gives the final parse what streaming checked', () => {
    vi.mocked(prepareSource).mockClear();
    const checks = new NoteFieldChecks(INPUTS);
    const streamed = [QUEIXA, MEDICACOES, CONDUTA].map((each) => checks.field(each, ANSWER[each.id as 'queixa']));
    // The whole answer, parsed apart from the stream: equal values, other objects.
    const whole = JSON.parse(JSON.stringify(ANSWER)) as typeof ANSWER;
    const parsed = [QUEIXA, MEDICACOES, CONDUTA].map((each) => checks.field(each, whole[each.id as 'queixa']));
    parsed.forEach((each, index) => expect(each).toBe(streamed[index]));

    // A field written otherwise (the answer asked again) is checked again, its texts already prepared.
    const rewritten = checks.field(CONDUTA, { ...whole.conduta, text: 'Retorno em 4 semanas [T14]. Sulfa [T12].' });
    expect(rewritten).not.toBe(streamed[2]);
    expect(rewritten!.statements.map((each) => each.status)).toEqual(['verified', 'verified']);

    const prepared = vi.mocked(prepareSource).mock.calls.map(([source]) => source.text);
    // The patient's header, T2, T4, T8, T10, E1's first page, the context, T14, T13 and T12: each once.
    expect(prepared).toHaveLength(10);
    expect(new Set(prepared).size).toBe(prepared.length);

    // The same results as each statement checked against its sources prepared for it alone.
    for (const checked of [...streamed, rewritten]) {
      for (const statement of checked!.statements) {
        const alone = StatementSources.of(INPUTS).textsOf(statement.sources);
        expect(statement).toMatchObject(checkStatement(statement.text, alone));
      }
    }
    expect(streamed[1]!.statements.map((each) => each.status)).toEqual([
      'unverified',
      'verified',
      'verified',
      'verified',
    ]);
  });
});
