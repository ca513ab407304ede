import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { scrollIntoViewInside } from '../sources/scroll-inside';

/**
 * A ref for the first line a note's "Fontes" cites (`index`, -1 for none) that scrolls it into view inside its pane
 * each time `request` changes; the page itself stays on the field whose sources were asked for. A line a long
 * transcript has not put in the page yet is scrolled to by the virtualiser first, then revealed once it is there.
 */
export function useRevealSourceLine(
  index: number,
  request: number,
  { virtualizer, isVirtual }: { virtualizer: Virtualizer<HTMLElement, Element>; isVirtual: boolean },
) {
  const line = useRef<HTMLLIElement | null>(null);
  const isPending = useRef(false);

  useEffect(() => {
    if (index < 0) return;
    if (line.current) {
      scrollIntoViewInside(line.current);
      return;
    }
    isPending.current = true;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [index, request, virtualizer]);

  return useCallback(
    (element: HTMLLIElement | null) => {
      if (isVirtual) virtualizer.measureElement(element);
      line.current = element;
      if (!element || !isPending.current) return;
      isPending.current = false;
      scrollIntoViewInside(element);
    },
    [virtualizer, isVirtual],
  );
}
