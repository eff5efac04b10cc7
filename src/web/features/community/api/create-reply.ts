import type { ReplyBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** POST /api/community/posts/{id}/replies (201): {content, parentReplyId?}; 409 on a locked post. */
export function createReply({ postId, body }: { postId: number; body: ReplyBody }) {
  return api.call('POST /api/community/posts/:postId/replies', { params: { postId }, body });
}

export const useCreateReply = () => useCommunityMutation(createReply);
