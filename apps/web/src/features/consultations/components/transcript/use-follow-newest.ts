import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

// Within this of the bottom the list counts as showing the newest line (rounding, a last line's padding).
const BOTTOM_SLACK_PX = 24;

/**
 * Keeps a scrolling list at its newest line while `isLive`, as lines arrive or grow (`content` changes when a line's
 * text or speaker does, which can make it taller), unless the reader scrolled up: then `hasNewLines` says more arrived
 * below, and `showNewest` goes back down and follows again.
 */
export function useFollowNewest<T extends HTMLElement>(lineCount: number, isLive: boolean, content: unknown) {
  const listRef = useRef<T>(null);
  const isFollowing = useRef(true);
  const seenCount = useRef(lineCount);
  // Where following last left the list: a scroll up from there whose event has not fired yet still counts.
  const followedTop = useRef(0);
  const [hasNewLines, setHasNewLines] = useState(false);
  // Whether the list was live at the last render (for the next render, and for scroll events in between).
  const wasLive = useRef(false);

  useLayoutEffect(() => {
    const list = listRef.current;
    const isResumed = isLive && !wasLive.current;
    wasLive.current = isLive;
    if (!list || !isLive) return;
    // A recording that starts or goes on follows from its newest line, wherever the stored transcript was read.
    if (isResumed) isFollowing.current = true;
    else if (hasScrolledUp(list, followedTop.current)) isFollowing.current = false;
    if (isFollowing.current) followedTop.current = scrollToNewest(list);
    else if (lineCount > seenCount.current) setHasNewLines(true);
    seenCount.current = lineCount;
  }, [lineCount, isLive, content]);

  // The list also gets shorter with no new line, when a note appears below it ("1 trecho aguardando envio"), and its
  // lines taller once a long list has measured the ones it estimated: following, it stays at its newest line.
  const hasList = lineCount > 0;
  useEffect(() => {
    const list = listRef.current;
    if (!list || !isLive) return;
    const observer = new ResizeObserver(() => {
      // A scroll up whose event has not fired yet is hers: the resize must not pull her back down.
      if (hasScrolledUp(list, followedTop.current)) isFollowing.current = false;
      if (isFollowing.current) followedTop.current = scrollToNewest(list);
    });
    observer.observe(list);
    for (const content of list.children) observer.observe(content);
    return () => observer.disconnect();
  }, [isLive, hasList]);

  const onScroll = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const isAtEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
    // While live, only a scroll up leaves the newest line: the list resized under it (a note below it coming or
    // going) scrolls it too, and that scroll's event can come before the resize observer's.
    const isMovedByLayout =
      wasLive.current && isFollowing.current && list.scrollTop >= followedTop.current - BOTTOM_SLACK_PX;
    isFollowing.current = isAtEnd || isMovedByLayout;
    if (!isFollowing.current) return;
    followedTop.current = isAtEnd ? list.scrollTop : scrollToNewest(list);
    setHasNewLines(false);
  }, []);

  const showNewest = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    isFollowing.current = true;
    followedTop.current = scrollToNewest(list);
    setHasNewLines(false);
  }, []);

  return { listRef, onScroll, hasNewLines, showNewest };
}

/**
 * Whether the reader moved the list up from where following left it. Content that shrank below it (the versions
 * hidden as recording resumes) pulls the list up without her: a list at its new end is still where following left it.
 */
function hasScrolledUp(list: HTMLElement, followedTop: number): boolean {
  const leftAt = Math.min(followedTop, list.scrollHeight - list.clientHeight);
  return list.scrollTop < leftAt - BOTTOM_SLACK_PX;
}

/** Scrolls `list` to its end and returns where it ended up. */
function scrollToNewest(list: HTMLElement): number {
  list.scrollTop = list.scrollHeight;
  return list.scrollTop;
}
