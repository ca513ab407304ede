import type { TFieldSources } from '@escriba/contract';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** The field whose "Fontes" are shown, and the sources the other panes mark. */
export interface SourceHighlight {
  fieldId: string;
  title: string;
  sources: TFieldSources;
  /** Grows on every request, so asking again scrolls the sources into view again. */
  request: number;
  /** The pane a source chip asked for; else the panel opens on the first pane that holds sources. */
  pane?: SourcePane;
}

export type SourcePane = 'transcript' | 'evidence';

export function firstPaneWithSources(sources: TFieldSources): SourcePane | undefined {
  if (sources.transcript.length > 0) return 'transcript';
  if (sources.evidence.length > 0) return 'evidence';
  return undefined;
}

interface SourceHighlightContextValue {
  highlight: SourceHighlight | null;
  show: (fieldId: string, title: string, sources: TFieldSources, pane?: SourcePane) => void;
  clear: () => void;
}

const SourceHighlightContext = createContext<SourceHighlightContextValue | null>(null);

/** Marker look of a highlighted source, the same in every pane. */
export const SOURCE_HIGHLIGHT_CLASSES =
  'bg-amber-100 ring-2 ring-amber-400 dark:bg-amber-400/15 dark:ring-amber-400/60';

/** Shares the sources of one anamnesis field with the transcript and evidence panes of the consultation page. */
export function SourceHighlightProvider({
  highlight,
  onHighlightChange,
  children,
}: {
  /** Held by the page's layout, which drops it when the panel showing the sources closes. */
  highlight: SourceHighlight | null;
  onHighlightChange: (highlight: SourceHighlight | null) => void;
  children: ReactNode;
}) {
  const value = useMemo<SourceHighlightContextValue>(
    () => ({
      highlight,
      show: (fieldId, title, sources, pane) =>
        onHighlightChange({ fieldId, title, sources, pane, request: (highlight?.request ?? 0) + 1 }),
      clear: () => onHighlightChange(null),
    }),
    [highlight, onHighlightChange],
  );
  return <SourceHighlightContext value={value}>{children}</SourceHighlightContext>;
}

const NO_HIGHLIGHT: SourceHighlightContextValue = {
  highlight: null,
  show: () => undefined,
  clear: () => undefined,
};

export function useSourceHighlight(): SourceHighlightContextValue {
  return useContext(SourceHighlightContext) ?? NO_HIGHLIGHT;
}

/** The transcript segments (seq) to mark, and the request they belong to. */
export function useHighlightedSegments(): { seqs: ReadonlySet<number>; request: number } {
  const { highlight } = useSourceHighlight();
  return useMemo(
    () => ({
      seqs: new Set(highlight?.sources.transcript.map((segment) => segment.seq)),
      request: highlight?.request ?? 0,
    }),
    [highlight],
  );
}

/**
 * For the evidence pane: whether this file is a source of the shown field, the pages (null: the whole file)
 * and the field's title, to say so on the file.
 */
export function useHighlightedEvidence(
  evidenceId: string,
): { pages: (number | null)[]; fieldTitle: string; request: number } | undefined {
  const { highlight } = useSourceHighlight();
  if (!highlight) return undefined;
  const pages = highlight.sources.evidence.filter((source) => source.evidence_id === evidenceId).map((s) => s.page);
  if (pages.length === 0) return undefined;
  return { pages: [...new Set(pages)], fieldTitle: highlight.title, request: highlight.request };
}
