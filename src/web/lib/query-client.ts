import { QueryClient } from '@tanstack/react-query';

// Spec section 7 and 9: data is fresh for 5 minutes, nothing is retried, nothing refetches
// when the window regains focus, and there is no polling (live updates come over /api/events).
export const FIVE_MINUTES = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The current user is fresh for 300000 ms and kept for 600000 ms (spec section 9). */
export const CURRENT_USER_STALE_TIME = 300_000;
export const CURRENT_USER_GC_TIME = 600_000;
