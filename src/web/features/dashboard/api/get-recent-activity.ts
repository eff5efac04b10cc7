import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityItem } from '../../../../domain/stats';
import { api } from '../../../lib/api-client';

/** GET /api/activity/recent: the member's own latest events, newest first (at most 10). */
export function getRecentActivity(): Promise<ActivityItem[]> {
  return api.get<ActivityItem[]>('/api/activity/recent');
}

export const recentActivityQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'recent-activity'], queryFn: getRecentActivity });

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions());
}
