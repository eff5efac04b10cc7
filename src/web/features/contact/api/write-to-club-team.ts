import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMemberBody } from '../../../../domain/contact';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/contact/club-team: a member's message, which opens a thread with the administrators. */
export function writeToClubTeam(body: ContactMemberBody) {
  return api.call('POST /api/contact/club-team', { body });
}

export function useWriteToClubTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeToClubTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads }),
  });
}
