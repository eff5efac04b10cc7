import { queryKeys } from '../../../lib/query-keys';
import type { TradeRole } from '../types';

// Every key starts with 'trades', so a live `trade` event refreshes all of them.
export const tradeKeys = {
  all: queryKeys.trades,
  list: (role: TradeRole) => [...queryKeys.trades, 'list', role] as const,
  feedback: (tradeId: number) => [...queryKeys.trades, 'feedback', tradeId] as const,
  requestListing: (listingId: number) => [...queryKeys.trades, 'request-listing', listingId] as const,
};
