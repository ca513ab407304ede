import { describe, expect, it } from 'vitest';
import { inputSections } from './prompt-inputs';
import type { GenerationInputs } from './read-generation-inputs';

const inputs = (evidence: GenerationInputs['evidence']): GenerationInputs => ({
  patient: 'Nome: Helena',
  userContext: '',
  transcript: [],
  evidence,
  earlier: [],
  typed: {},
});

describe('inputSections', () => {
  it('labels an evidence OCR read with low confidence as such, on each of its headers', () => {
    const [, , , evidence] = inputSections(
      inputs([
        { number: 1, evidenceId: 'a', fileName: 'foto.jpg', text: 'Leucócitos 7,350', pages: null, unsureShare: 0.183 },
        { number: 2, evidenceId: 'b', fileName: 'laudo.pdf', text: 'Hb 13,5', pages: [{ page: 1, text: 'Hb 13,5' }] },
      ]),
      '',
    );
    expect(evidence).toBe(
      '## Evidências\n[E1 foto.jpg] (leitura incerta: 18% das palavras)\nLeucócitos 7,350\n\n[E2 p.1 laudo.pdf]\nHb 13,5',
    );
  });
});
