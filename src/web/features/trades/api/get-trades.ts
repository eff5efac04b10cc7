import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Trade, TradeRole } from '../types';
import { tradeKeys } from './query-keys';

/** GET /api/trade-requests?role=…: the member's trades on one side, newest first. */
export function getTrades(role: TradeRole): Promise<Trade[]> {
  return api.get<Trade[]>('/api/trade-requests', { query: { role } });
}

export const tradesQueryOptions = (role: TradeRole) =>
  queryOptions({ queryKey: tradeKeys.list(role), queryFn: () => getTrades(role) });

export function useTrades(role: TradeRole) {
  return useQuery(tradesQueryOptions(role));
}
