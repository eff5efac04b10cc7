import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseMembershipBody } from '../../../../domain/contact';
import { api } from '../../../lib/api-client';
import { endSession } from '../../../lib/query-client';

/** POST /api/profile/close: closes the membership and ends the session (409 while a trade is under way). */
export function closeMembership(body: CloseMembershipBody) {
  return api.call('POST /api/profile/close', { body });
}

/** On success the browser is signed out at once and says so. */
export function useCloseMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMembership,
    onSuccess: ({ message }) => endSession(queryClient, { title: 'Your membership is closed', description: message }),
  });
}
