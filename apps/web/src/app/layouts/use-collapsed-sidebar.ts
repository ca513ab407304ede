import { useEffect, useState } from 'react';

// Below this width (tablets) the sidebar shows icons only unless opened.
const TABLET_QUERY = '(max-width: 1279px)';

export function useCollapsedSidebar() {
  const [isCollapsed, setIsCollapsed] = useState(() => window.matchMedia(TABLET_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(TABLET_QUERY);
    const follow = () => setIsCollapsed(media.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  return [isCollapsed, setIsCollapsed] as const;
}
