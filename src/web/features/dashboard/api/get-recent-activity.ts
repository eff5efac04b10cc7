import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ActivityItem {
  type: string;
  description: string;
  /** ISO 8601. */
  at: string;
  /** A page of the club about it, when there is one. */
  link?: string;
}

/** GET /api/activity/recent: the member's own latest events, newest first (at most 10). */
export function getRecentActivity(): Promise<ActivityItem[]> {
  return api.get<ActivityItem[]>('/api/activity/recent');
}

export const recentActivityQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'recent-activity'], queryFn: getRecentActivity });

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions());
}
