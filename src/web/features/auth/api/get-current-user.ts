import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/current-user';
import { CURRENT_USER_GC_TIME, CURRENT_USER_STALE_TIME } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/auth/user: the signed-in member, or null when signed out (401). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.call('GET /api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

// docs/product/screens.md#how-the-client-calls: fresh for 5 minutes, kept for 10, never retried.
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_TIME,
    gcTime: CURRENT_USER_GC_TIME,
    retry: false,
  });

/**
 * The query behind the app-wide current user. Only the router calls this; pages read the
 * member with useCurrentUser() / useMember() from lib/current-user.
 */
export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions());
}

/**
 * After a sign-in (password, e-mailed link or a completed registration): the member the call
 * answered with goes into the cache at once, so the page switches to the member's view
 * without waiting, and is then fetched again (docs/product/screens.md#how-the-client-calls: 'written into the cached
 * current-user entry, which is refreshed').
 */
export async function rememberSignedInUser(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  queryClient.setQueryData(queryKeys.currentUser, user);
  await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
}
