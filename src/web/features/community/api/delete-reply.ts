import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** DELETE /api/community/replies/{id}: the author (or an admin). */
export function deleteReply(replyId: number): Promise<unknown> {
  return api.delete<unknown>(`/api/community/replies/${replyId}`);
}

export const useDeleteReply = () => useCommunityMutation(deleteReply);
