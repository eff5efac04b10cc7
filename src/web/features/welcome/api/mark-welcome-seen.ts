import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/auth/mark-welcome-seen: answers the member, now with hasSeenWelcomeGift. */
export function markWelcomeSeen() {
  return api.call('POST /api/auth/mark-welcome-seen');
}

/**
 * Records that the member has seen the welcome gift, then refreshes the member
 * (docs/product/points.md#the-welcome-gift). The cached member is marked at once, so the dialog cannot come back while the
 * call is on its way (say, the member returns home within the half second before the redirect).
 */
export function useMarkWelcomeSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWelcomeSeen,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
      queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
        user ? { ...user, hasSeenWelcomeGift: true } : user,
      );
    },
    onSuccess: (member) => {
      queryClient.setQueryData(queryKeys.currentUser, member);
    },
    onError: (error) => {
      console.warn('Could not record that the welcome gift was seen; it will show again next time.', error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
