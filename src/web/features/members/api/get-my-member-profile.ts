import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './query-keys';

/** GET /api/members/me/profile: how the member has set up their page. */
export function getMyMemberProfile(signal?: AbortSignal) {
  return api.call('GET /api/members/me/profile', { signal });
}

export const myMemberProfileQueryOptions = () =>
  queryOptions({ queryKey: memberKeys.settings, queryFn: ({ signal }) => getMyMemberProfile(signal) });

export function useMyMemberProfile() {
  return useQuery(myMemberProfileQueryOptions());
}
