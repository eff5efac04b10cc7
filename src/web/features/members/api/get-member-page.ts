import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './query-keys';

/** GET /api/members/{id}: a member's page (404 for none, or a private one that is not yours). */
export function getMemberPage(id: number, signal?: AbortSignal) {
  return api.call('GET /api/members/:id', { params: { id }, signal });
}

export const memberPageQueryOptions = (id: number) =>
  queryOptions({ queryKey: memberKeys.page(id), queryFn: ({ signal }) => getMemberPage(id, signal) });

/** A member's page; no call for an id that cannot be one (null). */
export function useMemberPage(id: number | null) {
  return useQuery({ ...memberPageQueryOptions(id ?? 0), enabled: id !== null });
}
