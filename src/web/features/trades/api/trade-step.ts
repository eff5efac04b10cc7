import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmDeliveryBody, DeclineBody, DisputeBody, ShipBody, Trade } from '../../../../domain/trades';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The life-cycle steps (docs/product/trades.md#who-may-take-each-step) share one shape: POST /api/trade-requests/{id}/{step}
// with an optional body, answering the trade as the caller now sees it. One file for all six.

export type TradeStep =
  | { step: 'accept' }
  | { step: 'decline'; body?: DeclineBody }
  | { step: 'cancel' }
  | { step: 'ship'; body: ShipBody }
  | { step: 'confirm-delivery'; body?: ConfirmDeliveryBody }
  | { step: 'dispute'; body: DisputeBody };

export function postTradeStep(tradeId: number, input: TradeStep): Promise<Trade> {
  const body = 'body' in input ? (input.body ?? {}) : {};
  return api.post<Trade>(`/api/trade-requests/${tradeId}/${input.step}`, body);
}

export function useTradeStep(tradeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TradeStep) => postTradeStep(tradeId, input),
    onSettled: () => {
      // Points move (the member's balance), a system message lands in the thread. Not awaited:
      // the caller's own onSuccess (its toast) must run before a refetch can unmount it.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.trades }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messagesAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
        // The puzzle page's 'You asked for this…' line follows the trade.
        queryClient.invalidateQueries({ queryKey: queryKeys.listingDetails }),
      ]);
    },
  });
}
