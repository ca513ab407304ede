import type { TFieldSources, TStatement } from '@escriba/contract';
import { checkStatement } from './check-statement';
import type { PreparedText } from './prepared-text';
import { splitStatements } from './split-statements';

/**
 * A text with no source labels in it (a document's part, which cites its sources beside it) split into statements,
 * each citing `sources` and checked against `texts`, what those sources say.
 */
export function checkedStatements(text: string, sources: TFieldSources, texts: readonly PreparedText[]): TStatement[] {
  return splitStatements(text, () => false).statements.map((statement): TStatement => ({
    text: statement.text,
    sources,
    ...checkStatement(statement.text, texts),
  }));
}
