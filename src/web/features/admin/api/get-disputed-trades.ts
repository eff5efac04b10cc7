import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const disputesQueryKey = ['admin', 'trade-disputes'] as const;

/** GET /api/admin/trade-requests?status=disputed: the disputes waiting for a decision, oldest first. */
export function getDisputedTrades() {
  return api.call('GET /api/admin/trade-requests', { query: { status: 'disputed' } });
}

export const disputedTradesQueryOptions = () =>
  queryOptions({ queryKey: disputesQueryKey, queryFn: getDisputedTrades });

export function useDisputedTrades() {
  return useQuery(disputedTradesQueryOptions());
}
