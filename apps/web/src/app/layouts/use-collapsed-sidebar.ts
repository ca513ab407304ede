import { useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';

// Below this width (tablets) the sidebar shows icons only unless opened.
const TABLET_QUERY = '(max-width: 1279px)';

/** Whether the sidebar shows icons only: on a tablet until opened; a change of screen size starts over. */
export function useCollapsedSidebar() {
  const isTablet = useMediaQuery(TABLET_QUERY);
  const [shownFor, setShownFor] = useState(isTablet);
  const [isCollapsed, setIsCollapsed] = useState(isTablet);
  if (shownFor !== isTablet) {
    setShownFor(isTablet);
    setIsCollapsed(isTablet);
  }
  return [isCollapsed, setIsCollapsed] as const;
}
