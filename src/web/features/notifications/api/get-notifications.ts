import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const notificationsListKey = [...queryKeys.notifications, 'list'] as const;

/** GET /api/notifications: the member's trading notifications, newest first. */
export function getNotifications() {
  return api.call('GET /api/notifications');
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsListKey, queryFn: getNotifications });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
