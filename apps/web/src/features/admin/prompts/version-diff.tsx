import { useMemo, useState } from 'react';
import { cn } from '../../../lib/cn';
import { countChanges, diffLines, foldUnchanged, type DiffLine } from './line-diff';

const LOOK = {
  same: { marker: ' ', words: undefined, classes: 'text-muted' },
  added: { marker: '+', words: 'Adicionada: ', classes: 'bg-success/10 text-success' },
  removed: { marker: '−', words: 'Removida: ', classes: 'bg-danger/10 text-danger' },
} satisfies Record<DiffLine['kind'], { marker: string; words: string | undefined; classes: string }>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface VersionDiffProps {
  before: string;
  after: string;
  /** Names the comparison, e.g. "Diferenças da versão 1 para a 2". */
  label: string;
}

/** Added and removed lines, each with a marker and words as well as colour; long unchanged runs folded. */
export function VersionDiff({ before, after, label }: VersionDiffProps) {
  const [showsAll, setShowsAll] = useState(false);
  const lines = useMemo(() => diffLines(before, after), [before, after]);
  const { added, removed } = countChanges(lines);
  const shown = showsAll ? lines : foldUnchanged(lines);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm font-medium">
          {added + removed === 0 ? (
            'Os textos são iguais.'
          ) : (
            <>
              <span className="text-success">+ {plural(added, 'linha adicionada', 'linhas adicionadas')}</span>
              {' · '}
              <span className="text-danger">− {plural(removed, 'linha removida', 'linhas removidas')}</span>
            </>
          )}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={showsAll}
            onChange={(event) => setShowsAll(event.target.checked)}
          />
          Mostrar todas as linhas iguais
        </label>
      </div>
      <ol aria-label={label} className="overflow-x-auto rounded-lg border border-line font-mono text-[13px] leading-6">
        {shown.map((line, index) => {
          if (line.kind === 'folded') {
            return (
              <li key={index} className="bg-subtle px-3 text-muted italic">
                … {plural(line.count, 'linha igual', 'linhas iguais')}
              </li>
            );
          }
          const look = LOOK[line.kind];
          return (
            <li key={index} className={cn('flex gap-3 px-3', look.classes)}>
              <span aria-hidden className="w-8 shrink-0 text-right text-muted tabular-nums select-none">
                {'oldNumber' in line ? line.oldNumber : ''}
              </span>
              <span aria-hidden className="w-8 shrink-0 text-right text-muted tabular-nums select-none">
                {'newNumber' in line ? line.newNumber : ''}
              </span>
              <span aria-hidden className="w-3 shrink-0 font-bold select-none">
                {look.marker}
              </span>
              <span className="min-w-0 flex-1 break-words whitespace-pre-wrap text-ink">
                {look.words && <span className="sr-only">{look.words}</span>}
                {line.text || ' '}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
