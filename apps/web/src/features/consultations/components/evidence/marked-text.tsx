import type { TUnsureWord } from '@escriba/contract';
import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn';

const MARKS = {
  word: 'rounded-sm bg-amber-100 underline decoration-amber-500 decoration-dotted underline-offset-2 dark:bg-amber-500/20',
  number:
    'rounded-sm bg-amber-200 font-semibold underline decoration-amber-700 decoration-2 underline-offset-2 dark:bg-amber-500/35',
  separator:
    'rounded-sm bg-danger/15 font-semibold text-danger underline decoration-danger decoration-wavy underline-offset-2',
} as const;

type MarkKind = keyof typeof MARKS;

const kindOf = (word: TUnsureWord): MarkKind =>
  word.reason === 'separator' ? 'separator' : word.is_number ? 'number' : 'word';

function describe(word: TUnsureWord): string {
  if (word.reason === 'separator') {
    return word.expected
      ? `Separador suspeito para a unidade: o esperado seria ${word.expected}`
      : 'Separador suspeito para a unidade: contagens por mm³ são números inteiros';
  }
  if (word.reason === 'unparsed') {
    return 'Valor e referência não se leem como impressos (números trocados, faixa incompleta ou letras entre dígitos): confira na imagem';
  }
  return `Leitura incerta${word.confidence === null ? '' : ` (confiança de ${word.confidence}%)`}: confira na imagem`;
}

/** A text read from a file with its unsure words marked where they stand (`start`–`end` in this text). */
export function MarkedText({ text, words }: { text: string; words: readonly TUnsureWord[] }) {
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const word of words) {
    // A mark that no longer matches its place (the text changed) is left out rather than misplaced.
    if (word.start < cursor || text.slice(word.start, word.end) !== word.text) continue;
    parts.push(text.slice(cursor, word.start));
    const label = describe(word);
    parts.push(
      <mark
        key={word.start}
        className={cn('text-inherit', MARKS[kindOf(word)])}
        title={label}
        aria-label={`${word.text} — ${label}`}
        data-unsure={kindOf(word)}
      >
        {word.text}
      </mark>,
    );
    cursor = word.end;
  }
  parts.push(text.slice(cursor));
  return <>{parts}</>;
}

/** What the marks mean, for the kinds present. */
export function MarkLegend({ words }: { words: readonly TUnsureWord[] }) {
  const kinds = new Set(words.map(kindOf));
  if (kinds.size === 0) return null;
  const items: [MarkKind, string][] = [
    ['number', 'Número incerto'],
    ['word', 'Palavra incerta'],
    ['separator', 'Separador suspeito'],
  ];
  return (
    <p className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted" data-testid="unsure-legend">
      <span className="font-medium">Marcações:</span>
      {items
        .filter(([kind]) => kinds.has(kind))
        .map(([kind, label]) => (
          <span key={kind} className="inline-flex items-center gap-1.5">
            <span className={cn('inline-block px-1 font-mono text-[11px] leading-4', MARKS[kind])} aria-hidden>
              {kind === 'word' ? 'abc' : '7,3'}
            </span>
            {label}
          </span>
        ))}
    </p>
  );
}
