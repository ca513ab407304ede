import type {
  TDocumentContent,
  TDocumentKind,
  TDocumentRequest,
  TDocumentStatements,
  TStatement,
} from '@escriba/contract';
import type { DocumentVersionRow } from '../../db/schema/index';
import { checkedStatements } from '../statements/checked-statements';
import { editedStatements } from '../statements/edited-statements';
import { prepareSource } from '../statements/prepared-text';
import type { StatementSources } from '../statements/statement-sources';
import { documentParts } from './document-parts';

/**
 * A drafted document's statements by part, each checked against what its sources say and what she asked for (her
 * instructions are hers: a dose she typed there is found).
 */
export function checkDocument(
  kind: TDocumentKind,
  content: TDocumentContent,
  sources: StatementSources,
  request: TDocumentRequest,
): TDocumentStatements {
  const asked = request.instructions ? [prepareSource({ text: request.instructions })] : [];
  return Object.fromEntries(
    documentParts(kind, content).map(({ part, text, sources: cited }) => [
      part,
      checkedStatements(text, cited, [...sources.textsOf(cited), ...asked]),
    ]),
  );
}

/** A version's statements; one stored before documents were checked holds each part as one `unchecked` statement. */
export function statementsOf(kind: TDocumentKind, version: DocumentVersionRow): TDocumentStatements {
  if (version.statements) return version.statements;
  if (!version.content) return {};
  return Object.fromEntries(
    documentParts(kind, version.content).map(({ part, text, sources }) => [
      part,
      [{ text, sources, status: 'unchecked', reason: null } satisfies TStatement],
    ]),
  );
}

/**
 * The statements of an edited content: a part whose text she left as it was (at its place, or moved) keeps its
 * statements; in one she changed, the sentences she kept keep theirs and the ones she wrote are hers (`confirmed`).
 * `written` lists those by part, for the provenance.
 */
export function editedDocumentStatements(
  kind: TDocumentKind,
  before: { content: TDocumentContent; statements: TDocumentStatements },
  after: TDocumentContent,
): { statements: TDocumentStatements; written: { part: string; text: string }[] } {
  const beforeParts = documentParts(kind, before.content);
  const written: { part: string; text: string }[] = [];
  const statements = Object.fromEntries(
    documentParts(kind, after).map(({ part, text }) => {
      const same =
        beforeParts.find((each) => each.part === part && each.text === text) ??
        beforeParts.find((each) => each.text === text);
      if (same) return [part, before.statements[same.part] ?? []];
      const edited = editedStatements(before.statements[part] ?? [], text);
      written.push(...edited.written.map((sentence) => ({ part, text: sentence })));
      return [part, edited.statements];
    }),
  );
  return { statements, written };
}
