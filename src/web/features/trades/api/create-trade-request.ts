import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tradeRequestSchema } from '../../../../domain/trades';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/trade-requests: a pending request, plus a conversation with the owner. */
export function createTradeRequest(body: z.input<typeof tradeRequestSchema>) {
  return api.call('POST /api/trade-requests', { body });
}

export function useCreateTradeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTradeRequest,
    onSuccess: (_trade, body) => {
      void Promise.all([
        // The puzzle page then says 'You asked for this on …' instead of offering Request again.
        queryClient.invalidateQueries({ queryKey: queryKeys.listing(body.puzzleListingId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.trades }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
