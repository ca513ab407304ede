// Words of a note or a fact as the scoring compares them: lower case, no accents, numbers kept whole ("138x88",
// "39,5", "02/09"), and a blood pressure written any way ("138 x 88", "138/88", "138 por 88") made one token.

const NEGATION_CUES = new Set(['nega', 'negou', 'negam', 'negando', 'sem', 'nao', 'nenhum', 'nenhuma', 'nunca', 'ausencia']);
const STOPWORDS = new Set(
  'a o as os e de da do das dos em no na nos nas ao aos para pelo pela por com um uma uns umas que se ou mais'.split(' '),
);

export type FactWord = { kind: 'negation' } | { kind: 'number'; text: string } | { kind: 'word'; text: string };

export function factWords(text: string): FactWord[] {
  const normal = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(?<![\d/])(\d+)\s*(?:x|\/|por)\s*(\d+)(?![\d/])/g, '$1x$2');
  const tokens = normal.match(/\d+(?:[.,/x]\d+)*|[%+]|[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? [];
  return tokens.flatMap((token): FactWord[] => {
    if (NEGATION_CUES.has(token)) return [{ kind: 'negation' }];
    if (/^\d/.test(token) || token === '%' || token === '+') return [{ kind: 'number', text: token }];
    return STOPWORDS.has(token) ? [] : [{ kind: 'word', text: token }];
  });
}

/** The same word in another form: plural, gender, a verb's person ("vomito", "vomitos"; "alergica", "alergia"). */
export function isSameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common += 1;
  return common >= 4 && common >= Math.min(a.length, b.length) - 2;
}

/** A number of a fact found as a note writes it: the same, or a date with its year ("02/09" in "02/09/2026"). */
export function isSameNumber(fact: string, note: string): boolean {
  return fact === note || note.startsWith(`${fact}/`);
}
