import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { lineKey, type TranscriptLineItem } from './transcript-line';

// Past this many lines only those in view (and a few around them) are in the page: an hour of consultation is 720
// lines of 5 s (issue 32), whose badges, menus and editors cost seconds to render and make every click slow.
const VIRTUAL_FROM = 100;
// A one-line row: text-sm at leading-relaxed, or the height of its pencil once it can be corrected; a wrapped line
// is measured once shown.
const LINE_ESTIMATE_PX = 23;
const EDITABLE_LINE_ESTIMATE_PX = 32;
// gap-2 between lines, as the short list has.
const LINE_GAP_PX = 8;
const OVERSCAN_LINES = 8;

/**
 * Renders a long transcript's lines in and near view of `scrollerRef`; a short one is left whole (`isVirtual`
 * false). The line holding the focus stays in the page while it scrolls away, so a correction being typed or a
 * badge reached by Tab is not lost. Called by the component that renders the scroller (or above it): its ref is
 * set by the time the virtualiser looks for it, in the same commit.
 */
export function useLineVirtualizer(
  lines: readonly TranscriptLineItem[],
  scrollerRef: RefObject<HTMLElement | null>,
  canEdit: boolean,
) {
  const isVirtual = lines.length > VIRTUAL_FROM;
  // A ref, not state: the focused line is in the page already, and only a scroll that would take it out (which
  // computes the range again) needs to know; focusing a badge re-renders nothing.
  const focusedIndex = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const kept = focusedIndex.current;
    if (kept === null || kept >= range.count || indexes.includes(kept)) return indexes;
    return [...indexes, kept].sort((a, b) => a - b);
  }, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler builds this app (vite.config.ts)
  const virtualizer = useVirtualizer({
    count: lines.length,
    enabled: isVirtual,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => (canEdit ? EDITABLE_LINE_ESTIMATE_PX : LINE_ESTIMATE_PX),
    gap: LINE_GAP_PX,
    overscan: OVERSCAN_LINES,
    getItemKey: (index) => lineKey(lines[index]!),
    rangeExtractor,
  });
  // On the list: the line (its data-index) the focus is in, while it is.
  const focusHandlers = {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      focusedIndex.current = indexOfLine(event.target);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) focusedIndex.current = null;
    },
  };
  // On the scroller: Home and End go to the first and last line and stay there as the lines on the way are measured;
  // the browser's own scroll stopped short of the first line (lines measured above the view move the list under it).
  const onScrollerKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isVirtual || event.target !== event.currentTarget) return;
    if (event.key === 'Home') virtualizer.scrollToOffset(0);
    else if (event.key === 'End') virtualizer.scrollToEnd();
    else return;
    event.preventDefault();
  };
  return { virtualizer, isVirtual, focusHandlers, onScrollerKeyDown };
}

function indexOfLine(element: Element): number | null {
  const index = element.closest('[data-index]')?.getAttribute('data-index');
  return index ? Number(index) : null;
}

export type LineVirtualizer = ReturnType<typeof useLineVirtualizer>;
