const UNITS = ['', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];
const TEENS = ['dez', 'onze', 'doze', 'treze', 'quatorze', 'quinze', 'dezesseis', 'dezessete', 'dezoito', 'dezenove'];
const TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
];

/**
 * A whole number from 1 to 999 in Portuguese words, masculine ("dias"), as a certificate writes it after
 * the figures: 3 → "três", 21 → "vinte e um", 100 → "cem", 365 → "trezentos e sessenta e cinco".
 */
export function cardinalWords(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 999) throw new RangeError(`No words for ${value}`);
  if (value === 100) return 'cem';
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const tens = Math.floor(rest / 10);
  const units = rest % 10;
  const below100 = tens === 1 ? [TEENS[units]] : [TENS[tens], UNITS[units]];
  return [HUNDREDS[hundreds], ...below100].filter(Boolean).join(' e ');
}
