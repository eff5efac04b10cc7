import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** DELETE /api/community/replies/{id}: the author (or an admin, with a note for the author). */
export function deleteReply({ replyId, note }: { replyId: number; note?: string | null }): Promise<unknown> {
  return api.delete<unknown>(`/api/community/replies/${replyId}`, { query: { note } });
}

export const useDeleteReply = () => useCommunityMutation(deleteReply);
