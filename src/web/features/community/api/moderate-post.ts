import type { CommunityPostView } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

export type Moderation = { postId: number } & ({ isPinned: boolean } | { isLocked: boolean });

/** POST /api/community/posts/{id}/pin {isPinned} or /lock {isLocked}: administrators only. */
export function moderatePost({ postId, ...body }: Moderation): Promise<CommunityPostView> {
  const action = 'isPinned' in body ? 'pin' : 'lock';
  return api.post<CommunityPostView>(`/api/community/posts/${postId}/${action}`, body);
}

export const useModeratePost = () => useCommunityMutation(moderatePost);
