import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilePayload } from '../../../../domain/profile';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/profile: saves the whole form (blank fields left out, docs/product/screens.md#profile); answers the member. */
export function updateProfile(payload: ProfilePayload) {
  return api.call('PATCH /api/profile', { body: payload });
}

/**
 * Saves the profile. The answer goes into the current-user cache at once (so the badge and
 * the summary show what was saved), then the member is fetched again (docs/product/screens.md#how-the-client-calls).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (member) => {
      queryClient.setQueryData(queryKeys.currentUser, member);
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
