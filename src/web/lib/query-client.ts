import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/use-toast';
import { ApiError } from './api-client';
import type { CurrentUser } from './current-user';
import { queryKeys } from './query-keys';

// docs/product/screens.md#how-the-client-calls: data is fresh for 5 minutes, nothing is retried, nothing refetches
// when the window regains focus, and there is no polling (live updates come over /api/events).
export const FIVE_MINUTES = 5 * 60 * 1000;

/** The toast a member sees when their session ends while a page is open. */
export const SESSION_ENDED_TOAST = {
  title: 'Your session has ended',
  description: 'Please sign in again.',
} as const;

export function createQueryClient(): QueryClient {
  // A session can end while a page is open: it expired, the password was reset elsewhere,
  // or the member signed out in another tab. The current user is never refetched on its own
  // (no refetch on focus, no polling), so the first call the server refuses with a 401 is how
  // the page finds out. Any call will do; the current-user call itself already answers null.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) endSession(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryHash !== hashKey(queryKeys.currentUser)) onError(error);
      },
    }),
    mutationCache: new MutationCache({ onError }),
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
  return queryClient;
}

/**
 * Signed out in this browser (sign-out, or a session that ended): every member's data is
 * dropped, so a shared computer does not show it to the next person, and the current user is
 * null, so / shows the landing page straight away.
 */
export function forgetMember(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.currentUser[0] });
  queryClient.setQueryData(queryKeys.currentUser, null);
}

/**
 * The member is signed out in this browser too: the page shows the signed-out state (member
 * pages send visitors to /) and a toast says why and what to do. `notice` is what the server
 * said when it ended the session itself (a suspension, over the live events).
 */
export function endSession(
  queryClient: QueryClient,
  notice: { title: string; description: string } = SESSION_ENDED_TOAST,
): void {
  // A visitor's 401 (a wrong password at sign-in) is the caller's to report, and once the
  // first refused call has ended the session the others that were on their way say nothing.
  if (!queryClient.getQueryData<CurrentUser | null>(queryKeys.currentUser)) return;
  forgetMember(queryClient);
  // After the refused call's own failure toast ('Failed to add puzzle to favorites'), which
  // its caller raises a moment later: only one toast shows, and this one says what to do.
  setTimeout(() => toast(notice), 0);
}

/** The current user is fresh for 300000 ms and kept for 600000 ms (docs/product/screens.md#how-the-client-calls). */
export const CURRENT_USER_STALE_TIME = 300_000;
export const CURRENT_USER_GC_TIME = 600_000;
