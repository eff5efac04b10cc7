import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallInput, type RequestOptions } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The life-cycle steps (docs/product/trades.md#who-may-take-each-step) share one shape: POST /api/trade-requests/{id}/{step}
// with an optional body, answering the trade as the caller now sees it. One file for all six.

type StepName = 'accept' | 'decline' | 'cancel' | 'ship' | 'confirm-delivery' | 'dispute';
type StepRoute<S extends StepName> = `POST /api/trade-requests/:id/${S}`;

/** A step and its body as the contract has it: none for accept and cancel, the details for a dispute. */
export type TradeStep = {
  [S in StepName]: { step: S } & Omit<CallInput<StepRoute<S>>, 'params' | keyof RequestOptions>;
}[StepName];

export function postTradeStep(tradeId: number, { step, ...body }: TradeStep) {
  return api.call(`POST /api/trade-requests/:id/${step}`, { params: { id: tradeId }, ...body });
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
