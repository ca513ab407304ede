import type { TFieldSources } from '@escriba/contract';
import { Link } from 'react-router';
import { Icon } from '../../../../components/ui/icon';
import type { IconName } from '../../../../lib/icon-names';
import { useSourceHighlight } from './source-highlight';
import { sourceLabels, type SourceLabel } from './source-labels';

const ICONS: Record<SourceLabel['kind'], IconName> = {
  transcript: 'audio-lines',
  evidence: 'paperclip',
  context: 'notebook-pen',
  consultation: 'rotate-ccw-clock',
};

const CHIP_CLASSES =
  'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-400/15 dark:text-amber-200';

/**
 * A field's sources as chips; a transcript or evidence chip brings its pane into view (a tab on a tablet), an
 * earlier consultation's opens that consultation.
 */
export function SourceList({ fieldId, title, sources }: { fieldId: string; title: string; sources: TFieldSources }) {
  const { show } = useSourceHighlight();
  const labels = sourceLabels(sources);
  if (labels.length === 0) {
    return <p className="text-xs text-muted">Sem fontes: o assistente não encontrou base para este campo.</p>;
  }
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={`Fontes de ${title}`}>
      {labels.map((label) => (
        <li key={label.label}>
          {label.kind === 'consultation' ? (
            <Link to={`/${label.consultationId}`} className={`${CHIP_CLASSES} hover:bg-amber-200`}>
              <Icon name={ICONS[label.kind]} className="size-3.5" />
              {label.label}
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => label.kind !== 'context' && show(fieldId, title, sources, label.kind)}
              disabled={label.kind === 'context'}
              className={`${CHIP_CLASSES} enabled:hover:bg-amber-200`}
            >
              <Icon name={ICONS[label.kind]} className="size-3.5" />
              {label.label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
