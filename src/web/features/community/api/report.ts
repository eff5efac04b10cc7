import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlagBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { communityKeys } from './query-keys';

/** POST /api/community/flags {postId | replyId, reason, details?}. */
export function report(body: FlagBody) {
  return api.call('POST /api/community/flags', { body });
}

/**
 * Sends a report, then refreshes the lists. A third report hides the item at once: a reported
 * post is only marked stale (its panel closes rather than fetch a post that is gone), while a
 * reported reply's list is fetched again so a hidden reply leaves it.
 */
export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: report,
    onSuccess: async (_answer, body) => {
      if (body.postId !== undefined) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: communityKeys.post(body.postId), refetchType: 'none' }),
          queryClient.invalidateQueries({ queryKey: communityKeys.replies(body.postId), refetchType: 'none' }),
          queryClient.invalidateQueries({ queryKey: communityKeys.activities }),
          queryClient.invalidateQueries({ queryKey: queryKeys.communityPosts }),
        ]);
      } else {
        await queryClient.invalidateQueries({ queryKey: communityKeys.all });
      }
    },
  });
}
