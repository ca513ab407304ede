import { describe, expect, it } from 'vitest';
import { slugFromTitle, uniqueFieldId } from './field-id';

describe('slugFromTitle', () => {
  it('drops accents and punctuation and joins words with _', () => {
    expect(slugFromTitle('Queixa principal (QP)')).toBe('queixa_principal_qp');
    expect(slugFromTitle('História da doença atual')).toBe('historia_da_doenca_atual');
    expect(slugFromTitle('  Hábitos — sono, álcool & fumo  ')).toBe('habitos_sono_alcool_fumo');
    expect(slugFromTitle('Ação 2ª consulta')).toBe('acao_2a_consulta');
  });

  it('answers an empty id for a title without letters or digits', () => {
    expect(slugFromTitle('!!! ???')).toBe('');
  });

  it('keeps to the 60 characters a field id may have, without a trailing _', () => {
    const slug = slugFromTitle(`${'a'.repeat(59)} b`);
    expect(slug).toBe('a'.repeat(59));
    expect(slugFromTitle('x'.repeat(80))).toHaveLength(60);
  });
});

describe('uniqueFieldId', () => {
  it('keeps a free id and numbers a taken one', () => {
    expect(uniqueFieldId('conduta', ['qp'])).toBe('conduta');
    expect(uniqueFieldId('conduta', ['conduta'])).toBe('conduta_2');
    expect(uniqueFieldId('conduta', ['conduta', 'conduta_2'])).toBe('conduta_3');
  });

  it('never answers the reserved "order" nor an empty id', () => {
    expect(uniqueFieldId('order', [])).toBe('order_2');
    expect(uniqueFieldId('', [])).toBe('campo');
  });

  it('shortens a long id to fit the number', () => {
    const long = 'a'.repeat(60);
    const id = uniqueFieldId(long, [long]);
    expect(id).toHaveLength(60);
    expect(id.endsWith('_2')).toBe(true);
  });
});
