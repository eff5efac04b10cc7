import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Spec section 3, Stats; rating is null until the member has visible feedback ('New Member'). */
export interface MemberStats {
  puzzlesListed: number;
  successfulTrades: number;
  rating: number | null;
}

/** GET /api/stats: the signed-in member's trading figures. */
export function getStats(): Promise<MemberStats> {
  return api.get<MemberStats>('/api/stats');
}

export const statsQueryOptions = () => queryOptions({ queryKey: ['dashboard', 'stats'], queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
