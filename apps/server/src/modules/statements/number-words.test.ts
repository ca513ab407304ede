import { describe, expect, it } from 'vitest';
import { writeNumberWordsAsDigits } from './number-words';

describe('writeNumberWordsAsDigits', () => {
  it.each([
    ['cento e trinta e oito por oitenta e oito', '138 por 88'],
    ['cinquenta miligramas', '50 miligramas'],
    ['oitocentos e cinquenta duas vezes ao dia', '850 2 vezes ao dia'],
    ['dois mil e vinte e seis', '2026'],
    ['mil duzentos e cinquenta', '1250'],
    ['dois dias', '2 dias'],
    ['uma semana e meia', '1,5 semana'],
    ['um dia e meio', '1,5 dia'],
    ['meia hora', '0,5 hora'],
    ['trinta e nove e meio', '39,5'],
    ['temperatura de trinta e oito e dois', 'temperatura de 38,2'],
    ['noventa e sete por cento', '97 %'],
    ['peso de oito quilos e duzentos', 'peso de 8,2 quilos'],
    ['tres quilos e cinquenta', '3,05 quilos'],
    ['altura um metro e sessenta e cinco', 'altura 1,65 metro'],
    ['dois e tres', '2 e 3'],
    ['uma dor em aperto', 'uma dor em aperto'],
  ])('%s → %s', (words, digits) => {
    expect(writeNumberWordsAsDigits(words)).toBe(digits);
  });

  it('writes a lone "um" in what is cited, where the note may write it in figures', () => {
    expect(writeNumberWordsAsDigits('fumo um maco por dia', { isSource: true })).toBe('fumo 1 maco por dia');
  });
});
