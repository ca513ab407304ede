import { useCallback, useLayoutEffect, useRef, useState } from 'react';

// Within this of the bottom the list counts as showing the newest line (rounding, a last line's padding).
const BOTTOM_SLACK_PX = 24;

/**
 * Keeps a scrolling list at its newest line while `isLive`, as lines arrive or grow, unless the reader
 * scrolled up: then `hasNewLines` says more arrived below, and `showNewest` goes back down and follows again.
 */
export function useFollowNewest<T extends HTMLElement>(lineCount: number, isLive: boolean) {
  const listRef = useRef<T>(null);
  const isFollowing = useRef(true);
  const seenCount = useRef(lineCount);
  const [hasNewLines, setHasNewLines] = useState(false);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !isLive) return;
    if (isFollowing.current) list.scrollTop = list.scrollHeight;
    else if (lineCount > seenCount.current) setHasNewLines(true);
    seenCount.current = lineCount;
  }, [lineCount, isLive]);

  const onScroll = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    isFollowing.current = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
    if (isFollowing.current) setHasNewLines(false);
  }, []);

  const showNewest = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    isFollowing.current = true;
    list.scrollTop = list.scrollHeight;
    setHasNewLines(false);
  }, []);

  return { listRef, onScroll, hasNewLines, showNewest };
}
