import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveDisputeBody } from '../../../../domain/trades';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { disputesQueryKey } from './get-disputed-trades';

/** POST /api/admin/trade-requests/{id}/resolve {outcome, notes}: an administrator's decision. */
export function resolveDispute(tradeId: number, body: ResolveDisputeBody) {
  return api.call('POST /api/admin/trade-requests/:id/resolve', { params: { id: tradeId }, body });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tradeId, body }: { tradeId: number; body: ResolveDisputeBody }) => resolveDispute(tradeId, body),
    onSettled: () => {
      // Not awaited: the caller's toast runs first (see trades' useTradeStep).
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: disputesQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.trades }),
      ]);
    },
  });
}
