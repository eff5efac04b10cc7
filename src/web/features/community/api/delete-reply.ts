import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** DELETE /api/community/replies/{id}: the author (or an admin, with a note for the author). */
export function deleteReply({ replyId, note }: { replyId: number; note?: string | null }) {
  return api.call('DELETE /api/community/replies/:replyId', { params: { replyId }, query: { note } });
}

export const useDeleteReply = () => useCommunityMutation(deleteReply);
