import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/users/{id}: a member's account, trades, listings, ledger and reports about them. */
export function getMember(id: number) {
  return api.call('GET /api/admin/users/:id', { params: { id } });
}

export const memberQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.member(id), queryFn: () => getMember(id) });

export function useMember(id: number) {
  return useQuery(memberQueryOptions(id));
}
