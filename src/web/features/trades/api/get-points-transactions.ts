import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/points/transactions: the member's own ledger, newest first. */
export function getPointsTransactions() {
  return api.call('GET /api/points/transactions');
}

export const pointsTransactionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pointsTransactions, queryFn: getPointsTransactions });

export function usePointsTransactions() {
  return useQuery(pointsTransactionsQueryOptions());
}
