import type { LikeBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** POST /api/community/like {postId} or {replyId}: toggles the member's like. */
export function toggleLike(body: LikeBody) {
  return api.call('POST /api/community/like', { body });
}

export const useToggleLike = () => useCommunityMutation(toggleLike);
