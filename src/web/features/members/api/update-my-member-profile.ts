import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberProfilePatchInput, MemberSelf } from '../../../../domain/members';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { memberKeys } from './query-keys';

/** PATCH /api/members/me/profile: what the body names changes; answers the settings. */
export function updateMyMemberProfile(patch: MemberProfilePatchInput) {
  return api.call('PATCH /api/members/me/profile', { body: patch });
}

/**
 * Saves the member's page settings. The text size goes into the signed-in member at once, so
 * the whole site changes size the moment the answer arrives; member pages and the directory
 * are fetched again.
 */
export function useUpdateMyMemberProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyMemberProfile,
    onSuccess: async (settings) => {
      queryClient.setQueryData(memberKeys.settings, settings);
      queryClient.setQueryData<MemberSelf | null>(queryKeys.currentUser, (user) =>
        user ? { ...user, textSize: settings.textSize, publicProfile: settings.isProfilePublic } : user,
      );
      await queryClient.invalidateQueries({ queryKey: memberKeys.all, refetchType: 'none' });
    },
  });
}
