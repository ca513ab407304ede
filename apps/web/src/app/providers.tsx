import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionStore } from '../lib/session-store';

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

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
