import type { TCid10Code } from '@escriba/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { useCid10Search } from '../../../../lib/api/search-cid10';
import { cn } from '../../../../lib/cn';
import { focusOnMount } from '../../../../lib/focus-on-mount';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { formatCount } from '../../../../lib/plural';

const RESULTS = 10;
const scrollIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' });
const DEBOUNCE_MS = 250;

interface Cid10PickerProps {
  label: string;
  /** Codes already in the list: shown, but not offered again. */
  takenCodes: string[];
  onChoose: (code: TCid10Code) => void;
  onCancel: () => void;
}

/** A search box over the CID-10 with its results as a listbox: arrows move, Enter chooses, Esc leaves. */
export function Cid10Picker({ label, takenCodes, onChoose, onCancel }: Cid10PickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const found = useCid10Search({ q, limit: RESULTS });
  const results = q && text.trim() ? (found.data ?? []) : [];
  const isOpen = results.length > 0;
  const active = results[Math.min(activeIndex, results.length - 1)];
  const isTaken = (code: string) => takenCodes.includes(code);
  const optionId = (code: string) => `${id}-${code}`;

  const choose = (item: TCid10Code | undefined) => {
    if (item && !isTaken(item.code)) onChoose(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (Math.min(index, results.length - 1) + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  const status = !q
    ? 'Digite o código (I10) ou palavras da descrição (hipertensao).'
    : found.isFetching && !found.data
      ? 'Buscando…'
      : found.isError
        ? 'A busca falhou. Tente de novo.'
        : results.length === 0
          ? 'Nenhum código encontrado.'
          : `${formatCount(results.length, 'código', 'códigos')}: setas para escolher, Enter para usar.`;

  return (
    <div className="flex flex-col gap-1.5" data-testid="cid10-picker">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id={`${id}-input`}
            ref={focusOnMount}
            type="text"
            role="combobox"
            aria-expanded={isOpen}
            aria-controls={`${id}-results`}
            aria-autocomplete="list"
            aria-activedescendant={isOpen && active ? optionId(active.code) : undefined}
            aria-describedby={`${id}-status`}
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-lg border border-line bg-surface pr-3 pl-9 text-[15px] focus-visible:border-accent-500"
          />
        </div>
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
      <p id={`${id}-status`} className="text-xs text-muted" aria-live="polite">
        {status}
      </p>
      <ul
        id={`${id}-results`}
        role="listbox"
        aria-label={`Resultados: ${label}`}
        hidden={!isOpen}
        className="flex max-h-72 flex-col overflow-y-auto rounded-lg border border-line bg-surface shadow-sm"
      >
        {results.map((item) => {
          const isActive = item.code === active?.code;
          const taken = isTaken(item.code);
          return (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the box's keys choose (aria-activedescendant)
            <li
              key={item.code}
              id={optionId(item.code)}
              role="option"
              aria-selected={isActive}
              aria-disabled={taken || undefined}
              ref={isActive ? scrollIntoView : undefined}
              // Keeps the focus in the box: a click would otherwise blur it before choosing.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              className={cn(
                'flex cursor-pointer items-baseline gap-2.5 px-3 py-2 text-sm',
                isActive && 'bg-accent-50 dark:bg-accent-500/15',
                taken && 'cursor-default opacity-60',
              )}
            >
              <span className="w-14 shrink-0 font-mono font-semibold">{item.code}</span>
              <span className="min-w-0 flex-1">{item.description}</span>
              {taken && <span className="shrink-0 text-xs text-muted">na lista</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
