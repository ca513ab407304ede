import { describe, expect, it } from 'vitest';
import { fieldPlainText, isNotInformed, notePlainText } from './plain-text';

describe('plain text for the record', () => {
  it('copies a field as its text, trimmed line by line, line breaks kept', () => {
    expect(fieldPlainText({ text: '  Losartana 50 mg pela manhã.  \r\nDipirona 500 mg se dor.   \n' })).toBe(
      'Losartana 50 mg pela manhã.\nDipirona 500 mg se dor.',
    );
  });

  it('copies the note as title then text per field, fields apart by a blank line', () => {
    const text = notePlainText([
      { title: 'Queixa principal', text: 'Cefaleia há três semanas.' },
      { title: 'Medicações em uso', text: 'Losartana 50 mg\nDipirona 500 mg' },
      { title: 'Alergias', text: '   ' },
    ]);
    expect(text).toBe(
      'Queixa principal\nCefaleia há três semanas.\n\nMedicações em uso\nLosartana 50 mg\nDipirona 500 mg\n\nAlergias\nNão informado',
    );
  });

  it('recognises "Não informado" however it is written', () => {
    expect(isNotInformed('Não informado.')).toBe(true);
    expect(isNotInformed(' não informado ')).toBe(true);
    expect(isNotInformed('Nega alergias.')).toBe(false);
  });
});
