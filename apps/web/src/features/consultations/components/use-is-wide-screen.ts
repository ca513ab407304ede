import { useEffect, useState } from 'react';

// Tailwind's `lg`: from here the consultation's panes sit side by side; below it they are tabs.
const WIDE_QUERY = '(min-width: 1024px)';

export function useIsWideScreen(): boolean {
  const [isWide, setIsWide] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(WIDE_QUERY);
    const follow = () => setIsWide(media.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  return isWide;
}
