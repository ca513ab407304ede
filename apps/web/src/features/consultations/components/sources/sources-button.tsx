import { hasSources, type TFieldSources } from '@escriba/contract';
import { CardAction } from '../card-action';
import { useSourceHighlight } from './source-highlight';

/** Whether the sources shown beside the page are this part's (a field of the note, an item of a document). */
export function useIsShowingSources(id: string): boolean {
  return useSourceHighlight().highlight?.fieldId === id;
}

/** "Fontes": marks the part's sources in the transcript and evidence panes, or unmarks them; absent without any. */
export function SourcesButton({ id, title, sources }: { id: string; title: string; sources: TFieldSources }) {
  const { show, clear } = useSourceHighlight();
  const isShowing = useIsShowingSources(id);
  if (!hasSources(sources)) return null;
  return (
    <CardAction icon="search" aria-pressed={isShowing} onClick={() => (isShowing ? clear() : show(id, title, sources))}>
      Fontes
    </CardAction>
  );
}
