import { wordsOf } from './fold-text';
import { idiomsOf, type IdiomPlace } from './idioms';

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
  /** Denied only as an idiom's verb ("dor que não passa"): a manner of speaking, no denial the sources must hold. */
  isIdiom: boolean;
  /** Asked about ("Teve febre?"): a "não" answering it denies it. */
  isQuestioned: boolean;
}

const isContent = (word: string) => word.length >= 4 && !STOPWORDS.has(word) && !CUES.has(word);

// A cue's reach: a few words on, never past the clause.
const REACH = 4;

interface Clause {
  words: string[];
  isQuestion: boolean;
  /** Where the cues that deny stand: a cue inside an idiom ("não passa", "nem sempre") denies nothing beyond it. */
  cues: number[];
  idioms: IdiomPlace[];
}

function clausesOf(folded: string): Clause[] {
  return (folded.match(/[^.!?\n]+[.!?]*/g) ?? []).flatMap((sentence) => {
    const isQuestion = sentence.trimEnd().endsWith('?');
    return sentence.split(/[;:,()]|\s-\s|\bmas\b|\bporem\b/).map((text) => {
      const words = wordsOf(text).map(({ word }) => word);
      const idioms = idiomsOf(words);
      const isInIdiom = (index: number) => idioms.some((place) => index >= place.start && index < place.end);
      const cues = words.flatMap((word, index) => (CUES.has(word) && !isInIdiom(index) ? [index] : []));
      return { words, isQuestion, cues, idioms };
    });
  });
}

/** The content words of a folded text, each saying whether a negation reaches it or a question asks about it. */
export function termsOf(folded: string): Term[] {
  return clausesOf(folded).flatMap(clauseTerms);
}

function clauseTerms({ words, isQuestion, cues, idioms }: Clause): Term[] {
  const negated = new Set<number>();
  for (const index of cues) {
    // "Enjoo não": closing its clause, the cue denies the words before it.
    const reach = index === words.length - 1 ? words.slice(Math.max(0, index - REACH), index) : [];
    reach.forEach((_, offset) => negated.add(index - reach.length + offset));
    for (let after = index + 1, counted = 0; after < words.length && counted < REACH; after += 1) {
      negated.add(after);
      if (isContent(words[after]!)) counted += 1;
    }
  }
  // The idiom's words after its cue: "passa" of "não passa", "sempre" of "nem sempre".
  const idiomatic = new Set(
    idioms.filter((place) => place.isVerbDenied).flatMap((place) => range(place.start + 1, place.end)),
  );
  return words.flatMap((word, index) => {
    if (!isContent(word)) return [];
    const isIdiom = idiomatic.has(index) && !negated.has(index);
    return [{ word, isNegated: negated.has(index) || isIdiom, isIdiom, isQuestioned: isQuestion }];
  });
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);

/** The text denies something: it holds a cue outside an idiom ("dor que não passa" denies nothing). */
export function hasNegation(folded: string): boolean {
  return clausesOf(folded).some((clause) => clause.cues.length > 0);
}
