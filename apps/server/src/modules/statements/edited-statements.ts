import { NOT_INFORMED, type TStatement } from '@escriba/contract';
import { NO_SOURCES } from '../generation/source-labels';
import { splitStatements } from './split-statements';

/**
 * The statements of a field after the professional rewrote its text: a sentence she left as it was keeps its
 * sources and status; one she wrote or changed is hers (`confirmed`), with the sources of the sentence it took the
 * place of. `written` lists those, for the provenance.
 */
export function editedStatements(
  before: readonly TStatement[],
  text: string,
): { statements: TStatement[]; written: string[] } {
  const after =
    text.trim() === '' || text.trim() === NOT_INFORMED
      ? []
      : splitStatements(text, () => false).statements.map((statement) => statement.text);
  const kept = longestCommonRun(
    before.map((statement) => statement.text),
    after,
  );
  const statements: TStatement[] = [];
  const written: string[] = [];
  let from = 0;
  after.forEach((sentence, index) => {
    const keptAt = kept.get(index);
    if (keptAt !== undefined) {
      statements.push(before[keptAt]!);
      from = keptAt + 1;
      return;
    }
    // What she wrote in place of the next sentence not kept: its sources stay with her words.
    const replaced = before[from] && ![...kept.values()].includes(from) ? before[from] : undefined;
    if (replaced) from += 1;
    statements.push({ text: sentence, sources: replaced?.sources ?? NO_SOURCES, status: 'confirmed', reason: null });
    written.push(sentence);
  });
  return { statements, written };
}

/** The sentences of `after` kept from `before`, in order (a longest common subsequence): after index → before index. */
function longestCommonRun(before: readonly string[], after: readonly string[]): Map<number, number> {
  const lengths = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] =
        before[i] === after[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const kept = new Map<number, number>();
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) {
      kept.set(j, i);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return kept;
}
