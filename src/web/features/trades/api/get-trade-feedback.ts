import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tradeKeys } from './query-keys';

/** GET /api/trade-requests/{id}/feedback: what this member gave and (when visible) received. */
export function getTradeFeedback(tradeId: number) {
  return api.call('GET /api/trade-requests/:id/feedback', { params: { id: tradeId } });
}

export const tradeFeedbackQueryOptions = (tradeId: number) =>
  queryOptions({ queryKey: tradeKeys.feedback(tradeId), queryFn: () => getTradeFeedback(tradeId) });

export function useTradeFeedback(tradeId: number) {
  return useQuery(tradeFeedbackQueryOptions(tradeId));
}
