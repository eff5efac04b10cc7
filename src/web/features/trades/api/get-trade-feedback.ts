import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tradeKeys } from './query-keys';
import type { TradeFeedback } from '../../../../domain/trades';

/** GET /api/trade-requests/{id}/feedback: what this member gave and (when visible) received. */
export function getTradeFeedback(tradeId: number): Promise<TradeFeedback> {
  return api.get<TradeFeedback>(`/api/trade-requests/${tradeId}/feedback`);
}

export const tradeFeedbackQueryOptions = (tradeId: number) =>
  queryOptions({ queryKey: tradeKeys.feedback(tradeId), queryFn: () => getTradeFeedback(tradeId) });

export function useTradeFeedback(tradeId: number) {
  return useQuery(tradeFeedbackQueryOptions(tradeId));
}
