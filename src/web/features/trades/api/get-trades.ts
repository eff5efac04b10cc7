import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tradeKeys } from './query-keys';
import type { TradeListRole } from '../../../../domain/trades';

/** GET /api/trade-requests?role=…: the member's trades on one side, newest first. */
export function getTrades(role: TradeListRole) {
  return api.call('GET /api/trade-requests', { query: { role } });
}

export const tradesQueryOptions = (role: TradeListRole) =>
  queryOptions({ queryKey: tradeKeys.list(role), queryFn: () => getTrades(role) });

export function useTrades(role: TradeListRole) {
  return useQuery(tradesQueryOptions(role));
}
