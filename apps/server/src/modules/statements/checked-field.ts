import { NOT_INFORMED, type TFieldSources, type TStatement } from '@escriba/contract';
import { NO_SOURCES, type SourceCatalog } from '../generation/source-labels';
import { checkStatement } from './check-statement';
import { splitStatements } from './split-statements';
import type { StatementSources } from './statement-sources';

/** A generated field's text, sources and statements, as stored. */
export interface CheckedField {
  text: string;
  sources: TFieldSources;
  statements: TStatement[];
}

/**
 * A field as the model wrote it (labels after each sentence, `labels` for the whole field) split into statements,
 * each with the sources its own labels name (the field's when it names none) and checked against their texts.
 * The field's sources are all of them; "Não informado" has none and no statements.
 */
export function checkedField(
  written: string,
  labels: readonly string[],
  catalog: SourceCatalog,
  texts: StatementSources,
): CheckedField {
  const split = splitStatements(written.trim(), (label) => catalog.isLabel(label));
  const text = split.text || NOT_INFORMED;
  if (text === NOT_INFORMED) {
    return { text, sources: NO_SOURCES, statements: [] };
  }
  const statements = split.statements.map((statement): TStatement => {
    const sources = catalog.resolve(statement.labels.length > 0 ? statement.labels : labels);
    return { text: statement.text, sources, ...checkStatement(statement.text, texts.textsOf(sources)) };
  });
  const cited = [...labels, ...split.statements.flatMap((statement) => statement.labels)];
  return { text, sources: catalog.resolve(cited), statements };
}
