import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TradingNotification } from '../../../../domain/notifications';

export const notificationsListKey = [...queryKeys.notifications, 'list'] as const;

/** GET /api/notifications: the member's trading notifications, newest first. */
export function getNotifications(): Promise<TradingNotification[]> {
  return api.get<TradingNotification[]>('/api/notifications');
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsListKey, queryFn: getNotifications });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
