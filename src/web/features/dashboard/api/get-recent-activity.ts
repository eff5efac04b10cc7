import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/activity/recent: the member's own latest events, newest first (at most 10). */
export function getRecentActivity() {
  return api.call('GET /api/activity/recent');
}

export const recentActivityQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'recent-activity'], queryFn: getRecentActivity });

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions());
}
