import { queryKeys } from '../../../lib/query-keys';
import type { TradeListRole } from '../../../../domain/trades';

// Every key starts with 'trades', so a live `trade` event refreshes all of them.
export const tradeKeys = {
  all: queryKeys.trades,
  list: (role: TradeListRole) => [...queryKeys.trades, 'list', role] as const,
  feedback: (tradeId: number) => [...queryKeys.trades, 'feedback', tradeId] as const,
};
