import { DOCUMENT_KIND_TITLES, DOCUMENT_KINDS, type TDocumentKind } from '@escriba/contract';
import { Icon } from '../../../../components/ui/icon';
import { DOCUMENT_KIND_CHOICES } from './document-kinds';

interface KindChooserProps {
  onChoose: (kind: TDocumentKind) => void;
  /** Why no document can be asked for now; undefined when one can. */
  blockedReason: string | undefined;
}

/** The six documents of a visit as clear choices, each with one line on what it holds. */
export function KindChooser({ onChoose, blockedReason }: KindChooserProps) {
  return (
    <ul className="grid gap-2 @lg:grid-cols-2" aria-label="Tipos de documento">
      {DOCUMENT_KINDS.map((kind) => {
        const { icon, summary } = DOCUMENT_KIND_CHOICES[kind];
        return (
          <li key={kind} className="flex">
            <button
              type="button"
              onClick={() => onChoose(kind)}
              disabled={Boolean(blockedReason)}
              className="flex flex-1 items-start gap-3 rounded-xl border border-line bg-surface px-3.5 py-3 text-left transition-colors enabled:hover:border-accent-500 enabled:hover:bg-accent-50/40 disabled:cursor-not-allowed disabled:opacity-60 dark:enabled:hover:bg-accent-500/10"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-600 dark:bg-accent-500/15">
                <Icon name={icon} className="size-5" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold">{DOCUMENT_KIND_TITLES[kind]}</span>
                <span className="text-sm text-muted">{summary}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
