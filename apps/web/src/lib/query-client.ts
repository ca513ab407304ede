import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session-store';

/** The app's query cache; route loaders read through it too, so a page and its loader share one request. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already retries a GET once (spec §9); a second layer of retries would break that rule.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
  },
});

// One person's data never outlives their session in this tab.
sessionStore.subscribe(() => {
  if (!sessionStore.isAuthenticated()) queryClient.clear();
});
