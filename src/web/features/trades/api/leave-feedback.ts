import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody } from '../../../../domain/trades';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/trade-requests/{id}/feedback: once per party, after completion. */
export function leaveFeedback(tradeId: number, body: FeedbackBody) {
  return api.call('POST /api/trade-requests/:id/feedback', { params: { id: tradeId }, body });
}

export function useLeaveFeedback(tradeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackBody) => leaveFeedback(tradeId, body),
    onSuccess: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.trades }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
