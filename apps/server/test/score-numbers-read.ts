/** How the numbers of a known document fared in a reading of it (issue 31 §1). */
export interface NumbersScore {
  /** Numbers printed in the document. */
  total: number;
  /** Read as printed and not marked. */
  right: number;
  /** Read wrong or lost, or read right, with a mark on them (or, when lost, on their line's value). */
  unsure: number;
  /** Read wrong or lost with nothing marked: what the issue forbids. */
  silentlyWrong: number;
  /** Read, not printed and not marked: a number that came from nowhere ("48" read "18", "TGO" read "TG6O"). */
  spurious: number;
}

// A number, wherever it stands ("(12,0a15,5)", "TG6O"), but for the exponent of "/mm³" (read "/mm3").
const NUMBER = /(?<!mm)\d+(?:[.,]\d+)*/g;

interface ReadNumber {
  text: string;
  isMarked: boolean;
}

/**
 * Scores the numbers of `read` (OCR's text, with the places of its marked words) against the `printed`
 * text: the two sequences of numbers are aligned (longest common subsequence), then a printed number is
 * right when aligned to an unmarked one, unsure when aligned to a marked one or when a number read in
 * its place, or its own line's neighbour, is marked; otherwise silently wrong.
 */
export function scoreNumbersRead(
  printed: string,
  read: string,
  marks: readonly { start: number; end: number }[],
): NumbersScore {
  const truth = printed
    .split('\n')
    .flatMap((line, index) => [...line.matchAll(NUMBER)].map(([text]) => ({ text, line: index })));
  const found: ReadNumber[] = [...read.matchAll(NUMBER)].map((match) => {
    const end = match.index + match[0].length;
    return { text: match[0], isMarked: marks.some((mark) => mark.start < end && match.index < mark.end) };
  });
  const pairs = alignEqual(
    truth.map((number) => number.text),
    found.map((number) => number.text),
  );
  const score: NumbersScore = { total: truth.length, right: 0, unsure: 0, silentlyWrong: 0, spurious: 0 };
  const matchOf = new Map(pairs);
  const aligned = new Set(pairs.map(([, j]) => j));
  truth.forEach((number, i) => {
    const j = matchOf.get(i);
    if (j !== undefined) {
      score[found[j]!.isMarked ? 'unsure' : 'right'] += 1;
      return;
    }
    const before = pairs.filter(([each]) => each < i).at(-1);
    const after = pairs.find(([each]) => each > i);
    const inPlace = found.slice(before ? before[1] + 1 : 0, after ? after[1] : found.length);
    const neighbours = [before, after].filter(
      (pair): pair is [number, number] => pair !== undefined && truth[pair[0]]!.line === number.line,
    );
    const isMarked =
      inPlace.some((each) => each.isMarked) || neighbours.some(([, neighbour]) => found[neighbour]!.isMarked);
    score[isMarked ? 'unsure' : 'silentlyWrong'] += 1;
  });
  score.spurious = found.filter((number, j) => !aligned.has(j) && !number.isMarked).length;
  return score;
}

/** The pairs (i, j) of a longest common subsequence of `a` and `b`, in order. */
function alignEqual(a: readonly string[], b: readonly string[]): [number, number][] {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}
