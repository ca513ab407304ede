import { factWords, isSameNumber, isSameWord, type FactWord } from './fact-words';

/** A clause of a note: what a negation at its start reaches ("Nega febre, tosse ou dispneia; refere dor" is two). */
export function clausesOf(text: string): FactWord[][] {
  return text
    .split(/[.;!?](?:\s|$)|\n/)
    .map((clause) => factWords(clause))
    .filter((words) => words.length > 0);
}

function matches(fact: FactWord, word: FactWord): boolean {
  if (fact.kind === 'word' && word.kind === 'word') return isSameWord(fact.text, word.text);
  if (fact.kind === 'number' && word.kind === 'number') return isSameNumber(fact.text, word.text);
  return false;
}

/**
 * Where a fact's words (all of them, numbers exact) stand in a clause, in the fact's order; undefined when one is
 * missing. Negation cues are not among them: whether the clause negates is the caller's question.
 */
function findFact(fact: FactWord[], clause: FactWord[]): number[] | undefined {
  const places: number[] = [];
  for (const word of fact) {
    if (word.kind === 'negation') continue;
    const index = clause.findIndex((candidate) => matches(word, candidate));
    if (index < 0) return undefined;
    places.push(index);
  }
  return places.length ? places : undefined;
}

const negatedBefore = (clause: FactWord[], index: number) =>
  clause.slice(0, index).some((word) => word.kind === 'negation');

/** In a negated fact, the first word the negation reaches: "diarreia aguda sem desidratação" negates the third. */
function firstNegated(fact: FactWord[]): number | undefined {
  const cue = fact.findIndex((word) => word.kind === 'negation');
  if (cue < 0) return undefined;
  return fact.slice(0, cue).filter((word) => word.kind !== 'negation').length;
}

export type FactFinding = 'covered' | 'contradicted' | 'missing';

/**
 * A reference fact against a note's text: `covered` when a clause holds its words and, for a negated fact ("nega
 * febre"), a negation before them; `contradicted` when the note asserts what the patient denied (the words with no
 * negation before them, and nowhere negated); otherwise `missing`.
 */
export function findFactIn(fact: string, clauses: FactWord[][]): FactFinding {
  const words = factWords(fact);
  const negated = firstNegated(words);
  let isAsserted = false;
  for (const clause of clauses) {
    const places = findFact(words, clause);
    if (places === undefined) continue;
    if (negated === undefined || negatedBefore(clause, places[negated] ?? Infinity)) return 'covered';
    isAsserted = true;
  }
  return isAsserted ? 'contradicted' : 'missing';
}
