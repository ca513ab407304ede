import { describe, expect, it } from 'vitest';
import { splitStatements } from './split-statements';

const isLabel = (label: string) => /^(?:[A-Z]\d+\b|C$)/.test(label);

describe('splitStatements', () => {
  it('splits a paragraph into sentences, each with the labels after it', () => {
    expect(
      splitStatements('Cefaleia há 3 semanas [T2]. Dor em aperto, bilateral [T4, T6]. Nega febre. [T12]', isLabel),
    ).toEqual({
      text: 'Cefaleia há 3 semanas. Dor em aperto, bilateral. Nega febre.',
      statements: [
        { text: 'Cefaleia há 3 semanas.', labels: ['T2'] },
        { text: 'Dor em aperto, bilateral.', labels: ['T4', 'T6'] },
        { text: 'Nega febre.', labels: ['T12'] },
      ],
    });
  });

  it('takes each list item whole, without its marker', () => {
    expect(splitStatements('- Losartana 50 mg pela manhã [T16]\n- Dipirona 500 mg [T10][E1 p.2]', isLabel)).toEqual({
      text: '- Losartana 50 mg pela manhã\n- Dipirona 500 mg',
      statements: [
        { text: 'Losartana 50 mg pela manhã', labels: ['T16'] },
        { text: 'Dipirona 500 mg', labels: ['T10', 'E1 p.2'] },
      ],
    });
  });

  it('keeps abbreviations, decimals and brackets that are not labels inside their sentence', () => {
    expect(
      splitStatements('Encaminhada pelo Dr. Silva [C]. Temperatura aprox. 37.5 [T3] [sic] Sem febre.', isLabel),
    ).toEqual({
      text: 'Encaminhada pelo Dr. Silva. Temperatura aprox. 37.5 [sic] Sem febre.',
      statements: [
        { text: 'Encaminhada pelo Dr. Silva.', labels: ['C'] },
        { text: 'Temperatura aprox. 37.5 [sic] Sem febre.', labels: ['T3'] },
      ],
    });
  });

  it('splits sentences without labels, and a label with times or a file name', () => {
    expect(
      splitStatements('Sono ruim. Dorme 5 horas [T14 01:10–01:18]! Estresse no trabalho [E2 p.3 exame.pdf]', isLabel)
        .statements,
    ).toEqual([
      { text: 'Sono ruim.', labels: [] },
      { text: 'Dorme 5 horas!', labels: ['T14 01:10–01:18'] },
      { text: 'Estresse no trabalho', labels: ['E2 p.3 exame.pdf'] },
    ]);
  });
});
