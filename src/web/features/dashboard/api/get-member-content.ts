import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/member-content: the live figures for the Community Highlights card. */
export function getMemberContent() {
  return api.call('GET /api/member-content');
}

export const memberContentQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'member-content'], queryFn: getMemberContent });

export function useMemberContent() {
  return useQuery(memberContentQueryOptions());
}
