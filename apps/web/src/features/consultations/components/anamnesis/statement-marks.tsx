import type { TStatement } from '@escriba/contract';
import { Icon } from '../../../../components/ui/icon';
import { SourceList } from '../sources/source-list';

/** Pieces of a field's text, each an unverified statement (marked) or the text around it. */
export function markedPieces(text: string, statements: readonly TStatement[]): { text: string; mark?: TStatement }[] {
  const pieces: { text: string; mark?: TStatement }[] = [];
  let cursor = 0;
  for (const statement of statements) {
    const at = text.indexOf(statement.text, cursor);
    if (at < 0 || statement.status !== 'unverified') continue;
    if (at > cursor) pieces.push({ text: text.slice(cursor, at) });
    pieces.push({ text: statement.text, mark: statement });
    cursor = at + statement.text.length;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor) });
  return pieces;
}

/** A field's text with the statements the check could not find in their sources underlined, their reason on hover. */
export function MarkedText({ text, statements }: { text: string; statements: readonly TStatement[] }) {
  return markedPieces(text, statements).map((piece, index) =>
    piece.mark ? (
      <mark
        key={index}
        title={`Não confirmado nas fontes: ${piece.mark.reason ?? ''}`}
        className="rounded-sm bg-danger/10 text-inherit underline decoration-danger decoration-wavy decoration-1 underline-offset-4"
      >
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}

/** Below a field: each unverified statement, why, and the sources it cites (a chip opens the source). */
export function UnverifiedStatements({
  fieldId,
  title,
  statements,
}: {
  fieldId: string;
  title: string;
  statements: readonly TStatement[];
}) {
  const unverified = statements.filter((statement) => statement.status === 'unverified');
  if (unverified.length === 0) return null;
  return (
    <section
      aria-label={`Não confirmado nas fontes em ${title}`}
      className="flex flex-col gap-2 rounded-lg border border-danger/30 bg-danger/5 p-2.5"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold text-danger">
        <Icon name="triangle-alert" className="size-3.5" />
        Não confirmado nas fontes
      </p>
      <ul className="flex flex-col gap-2.5">
        {unverified.map((statement, index) => (
          <li key={index} className="flex flex-col gap-1" data-testid="unverified-statement">
            <p className="text-sm">“{statement.text}”</p>
            <p className="text-xs text-muted">{statement.reason}</p>
            <SourceList fieldId={fieldId} title={title} sources={statement.sources} />
          </li>
        ))}
      </ul>
    </section>
  );
}
