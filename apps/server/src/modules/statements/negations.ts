import { wordsOf } from './fold-text';

// Folded words that deny what follows them ("nega febre", "sem náuseas", "ausência de dor") or, closing a clause,
// what precedes them ("enjoo não").
const CUES = new Set([
  'nao',
  'nega',
  'negou',
  'negam',
  'negando',
  'sem',
  'nenhum',
  'nenhuma',
  'nada',
  'ausencia',
  'ausente',
  'ausentes',
  'nunca',
  'jamais',
  'nem',
  'tampouco',
]);

// Words too common to tell what is denied.
const STOPWORDS = new Set(
  'para pela pelo pelos pelas como mais menos muito muita muitos muitas quando onde esta este esse essa isso isto aqui ali tambem ainda desde apos antes depois sobre entre quase todo toda todos todas cada outro outra outros outras algum alguma alguns algumas refere referem relata relatam queixa apresenta apresentou tenho tinha tive teve estou estava esteve sente sentiu senti doutor doutora senhor senhora paciente fazer feito faz sabe acho tambem entao agora hoje ontem vezes coisa disso desse dessa deste desta numa nuns umas uma dele dela eles elas voce voces seja sido sendo havia nesse nessa neste nesta'.split(
    ' ',
  ),
);

/** A denied or stated word (compared with `isSameWord`, so "vômito" and "vômitos", "perda" and "perdeu" meet). */
export interface Term {
  word: string;
  isNegated: boolean;
  /** Asked about ("Teve febre?"): a "não" answering it denies it. */
  isQuestioned: boolean;
}

const isContent = (word: string) => word.length >= 4 && !STOPWORDS.has(word) && !CUES.has(word);

// A cue's reach: a few words on, never past the clause.
const REACH = 4;

/** The content words of a folded text, each saying whether a negation reaches it or a question asks about it. */
export function termsOf(folded: string): Term[] {
  const terms: Term[] = [];
  for (const sentence of folded.match(/[^.!?\n]+[.!?]*/g) ?? []) {
    const isQuestion = sentence.trimEnd().endsWith('?');
    for (const clause of sentence.split(/[;:,()]|\s-\s|\bmas\b|\bporem\b/))
      terms.push(...clauseTerms(clause, isQuestion));
  }
  return terms;
}

function clauseTerms(clause: string, isQuestion: boolean): Term[] {
  const words = wordsOf(clause).map(({ word }) => word);
  const negated = new Set<number>();
  words.forEach((word, index) => {
    if (!CUES.has(word)) return;
    // "Enjoo não": closing its clause, the cue denies the words before it.
    const reach = index === words.length - 1 ? words.slice(Math.max(0, index - REACH), index) : [];
    reach.forEach((_, offset) => negated.add(index - reach.length + offset));
    for (let after = index + 1, counted = 0; after < words.length && counted < REACH; after += 1) {
      negated.add(after);
      if (isContent(words[after]!)) counted += 1;
    }
  });
  return words.flatMap((word, index) =>
    isContent(word) ? [{ word, isNegated: negated.has(index), isQuestioned: isQuestion }] : [],
  );
}

/** The text denies something: it holds a cue. */
export function hasNegation(folded: string): boolean {
  return wordsOf(folded).some(({ word }) => CUES.has(word));
}
