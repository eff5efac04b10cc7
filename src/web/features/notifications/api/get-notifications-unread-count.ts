import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notifications/unread-count. */
export function getNotificationsUnreadCount() {
  return api.call('GET /api/notifications/unread-count');
}

export const notificationsUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notificationsUnreadCount, queryFn: getNotificationsUnreadCount });

/** The top bar's notifications count (0 while loading or signed out); live events keep it fresh. */
export function useNotificationsUnreadCount({ enabled }: { enabled: boolean }): number {
  const query = useQuery({ ...notificationsUnreadCountQueryOptions(), enabled });
  return enabled ? (query.data?.count ?? 0) : 0;
}
