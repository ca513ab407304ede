// Words of a note, a fact or the consultation as the scoring compares them: folded and with number words as digits
// as the statement check reads them ("cento e trinta e oito por oitenta e oito" → "138 por 88"), numbers kept whole
// ("39,5", "02/09"), a blood pressure written any way ("138 x 88", "138/88", "138 por 88") one token.
import { foldText } from '../apps/server/src/modules/statements/fold-text';
import { writeNumberWordsAsDigits } from '../apps/server/src/modules/statements/number-words';

export { isSameWord } from '../apps/server/src/modules/statements/same-word';

const NEGATION_CUES = new Set([
  'nega',
  'negou',
  'negam',
  'negando',
  'sem',
  'nao',
  'nenhum',
  'nenhuma',
  'nunca',
  'ausencia',
]);
const STOPWORDS = new Set(
  'a o as os e de da do das dos em no na nos nas ao aos para pelo pela por com um uma uns umas que se ou mais'.split(
    ' ',
  ),
);

export type FactWord = { kind: 'negation' } | { kind: 'number'; text: string } | { kind: 'word'; text: string };

/** `isSource`: what was said, where a lone "um" counts as a number ("um comprimido"). */
export function factWords(text: string, { isSource = false } = {}): FactWord[] {
  const normal = writeNumberWordsAsDigits(foldText(text), { isSource }).replace(
    /(?<![\d/])(\d+)\s*(?:x|\/|por)\s*(\d+)(?![\d/])/g,
    '$1x$2',
  );
  const tokens = normal.match(/\d+(?:[.,/x]\d+)*|[%+]|[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? [];
  return tokens.flatMap((token): FactWord[] => {
    if (NEGATION_CUES.has(token)) return [{ kind: 'negation' }];
    if (/^\d/.test(token) || token === '%' || token === '+') return [{ kind: 'number', text: token }];
    return STOPWORDS.has(token) ? [] : [{ kind: 'word', text: token }];
  });
}

/** A number of a fact found as a note writes it: the same, or a date with its year ("02/09" in "02/09/2026"). */
export function isSameNumber(fact: string, note: string): boolean {
  return fact === note || note.startsWith(`${fact}/`);
}
