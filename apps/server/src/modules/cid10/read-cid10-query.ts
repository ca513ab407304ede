import { foldedWords } from '../../platform/search-key';

/** What a CID-10 search looks for: the words naming the condition, and the words that only break ties. */
export interface Cid10Query {
  /** Folded words that name the condition: a description must hold them (all, or else the most). */
  words: string[];
  /** Folded whole words of the qualifiers ("grave", "aguda"): among equal matches, descriptions holding them first. */
  tieWords: string[];
}

// Words that narrow nothing; left out of a search unless being typed (the last word: "de" may become "dengue").
const STOP_WORDS = new Set(
  'a o as os e de da do das dos em na no nas nos com sem por para pela pelo ao aos um uma'.split(' '),
);

// Issue 31: what clinicians write around a condition: how sure they are, its course, its severity. Folded, with
// their little words; each one's other words (or, after "=", the CID-10's own word for it) only break ties, so
// "suspeita de pré-eclâmpsia" finds pre-eclampsia, not "suspeitada" (O35) and "prestada" (O32–O36).
const CERTAINTY =
  'suspeita de, suspeita, suspeito de, suspeito, provavel, provaveis, possivel, possiveis, hipotese de, hipotese ' +
  'diagnostica, hipotese, hd, a esclarecer, a e, a investigar, em investigacao, investigacao de, investigar, ' +
  'descartar, afastar, excluir, compativel com, compativel, sugestivo de, sugestiva de, quadro de, quadro, ' +
  'diagnostico diferencial, dd, confirmada, confirmado, presumida, presumido, rastreio de, em acompanhamento, ' +
  'acompanhamento de, em tratamento, tratamento de';
const COURSE =
  'com sinais de gravidade=grave, sinais de gravidade=grave, gravidade=grave, sem sinais de gravidade, com sinais ' +
  'de alarme, sinais de alarme, grave, leve, moderada, moderado, aguda, agudo, cronica, cronico, agudizada, ' +
  'agudizado, em exacerbacao, exacerbacao, crise de, crise, descompensada, descompensado, compensada, compensado, ' +
  'controlada, controlado, mal controlada, mal controlado, nao controlada, nao controlado, complicada, complicado, ' +
  'nao complicada, nao complicado, nao especificada, nao especificado, recorrente, de repeticao, inicial, estagio';

const QUALIFIERS = `${CERTAINTY}, ${COURSE}`
  .split(', ')
  .map((entry) => {
    const [phrase, cidWord] = entry.split('=');
    const words = phrase!.split(' ');
    return { words, tieWords: cidWord ? [cidWord] : words.filter((word) => !STOP_WORDS.has(word)) };
  })
  // Longest first: "nao complicada" before "complicada".
  .sort((a, b) => b.words.length - a.words.length);

/**
 * Splits a search into the condition's words and its qualifiers' words. The little words are left out unless last
 * (being typed); a search of qualifiers only ("grave") looks for them as the condition.
 */
export function readCid10Query(text: string): Cid10Query {
  const typed = foldedWords(text);
  const words: string[] = [];
  const tieWords: string[] = [];
  for (let index = 0; index < typed.length;) {
    const qualifier = QUALIFIERS.find((entry) => entry.words.every((word, offset) => typed[index + offset] === word));
    if (qualifier) {
      tieWords.push(...qualifier.tieWords);
      index += qualifier.words.length;
      continue;
    }
    const word = typed[index]!;
    if (index === typed.length - 1 || !STOP_WORDS.has(word)) words.push(word);
    index += 1;
  }
  return words.length > 0 ? { words, tieWords } : { words: tieWords, tieWords: [] };
}
