import type { UpdateReplyBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** PATCH /api/community/replies/{id}: the author (or an admin); marks it edited. */
export function updateReply({ replyId, body }: { replyId: number; body: UpdateReplyBody }) {
  return api.call('PATCH /api/community/replies/:replyId', { params: { replyId }, body });
}

export const useUpdateReply = () => useCommunityMutation(updateReply);
