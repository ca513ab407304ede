import { useMediaQuery } from '../../../lib/use-media-query';

// Tailwind's `lg`: from here the consultation's panes sit side by side; below it they are tabs.
const WIDE_QUERY = '(min-width: 1024px)';

export function useIsWideScreen(): boolean {
  return useMediaQuery(WIDE_QUERY);
}
