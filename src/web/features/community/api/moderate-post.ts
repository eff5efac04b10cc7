import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

export type Moderation = { postId: number } & ({ isPinned: boolean } | { isLocked: boolean });

/** POST /api/community/posts/{id}/pin {isPinned} or /lock {isLocked}: administrators only. */
export function moderatePost({ postId, ...body }: Moderation) {
  return 'isPinned' in body
    ? api.call('POST /api/community/posts/:postId/pin', { params: { postId }, body })
    : api.call('POST /api/community/posts/:postId/lock', { params: { postId }, body });
}

export const useModeratePost = () => useCommunityMutation(moderatePost);
