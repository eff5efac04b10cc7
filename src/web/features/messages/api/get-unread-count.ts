import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/messages/unread-count. */
export function getUnreadCount() {
  return api.call('GET /api/messages/unread-count');
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.unreadCount,
    queryFn: getUnreadCount,
  });

/**
 * The number of unread messages for the badge. Asked only when signed in; a failed call
 * shows as 0 rather than an error, since the badge is a hint, not the messages themselves.
 */
export function useUnreadCount({ enabled }: { enabled: boolean }): number {
  const query = useQuery({ ...unreadCountQueryOptions(), enabled });
  if (!enabled || query.isError) return 0;
  return query.data?.count ?? 0;
}
