/** One line of a comparison: kept from both texts, only in the newer one, or only in the older one. */
export type DiffLine =
  | { kind: 'same'; text: string; oldNumber: number; newNumber: number }
  | { kind: 'added'; text: string; newNumber: number }
  | { kind: 'removed'; text: string; oldNumber: number };

/** A run of unchanged lines left out of view, with how many there are. */
export interface FoldedLines {
  kind: 'folded';
  count: number;
}

const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n'));

/**
 * The lines that turn `before` into `after`, from the longest common subsequence of their lines
 * (quadratic: fine for prompts of a few hundred lines). Removals come before additions where both replace a run.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const older = splitLines(before);
  const newer = splitLines(after);
  // common[i][j]: length of the longest common subsequence of older[i..] and newer[j..].
  const common = Array.from({ length: older.length + 1 }, () => new Array<number>(newer.length + 1).fill(0));
  for (let i = older.length - 1; i >= 0; i--) {
    for (let j = newer.length - 1; j >= 0; j--) {
      common[i]![j] =
        older[i] === newer[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < older.length || j < newer.length) {
    if (i < older.length && j < newer.length && older[i] === newer[j]) {
      lines.push({ kind: 'same', text: older[i]!, oldNumber: i + 1, newNumber: j + 1 });
      i++;
      j++;
    } else if (j >= newer.length || (i < older.length && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      lines.push({ kind: 'removed', text: older[i]!, oldNumber: i + 1 });
      i++;
    } else {
      lines.push({ kind: 'added', text: newer[j]!, newNumber: j + 1 });
      j++;
    }
  }
  return lines;
}

/** Keeps `context` unchanged lines around each change and folds longer unchanged runs into a count. */
export function foldUnchanged(lines: DiffLine[], context = 3): (DiffLine | FoldedLines)[] {
  const isNearChange = lines.map((_, index) =>
    lines.slice(Math.max(0, index - context), index + context + 1).some((line) => line.kind !== 'same'),
  );
  const shown: (DiffLine | FoldedLines)[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'same' || isNearChange[index]) {
      shown.push(line);
      return;
    }
    const last = shown.at(-1);
    if (last?.kind === 'folded') last.count++;
    else shown.push({ kind: 'folded', count: 1 });
  });
  return shown;
}

/** How many lines were added and removed. */
export function countChanges(lines: DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((line) => line.kind === 'added').length,
    removed: lines.filter((line) => line.kind === 'removed').length,
  };
}
