import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/verify-email/check: whether the join link is still good, without using it. */
export function checkJoinLink(token: string) {
  return api.call('POST /api/auth/verify-email/check', { body: { token } });
}

export function useJoinLinkState(token: string) {
  return useQuery({
    queryKey: ['auth', 'join-link', token],
    queryFn: () => checkJoinLink(token),
    staleTime: Infinity,
    retry: false,
  });
}
