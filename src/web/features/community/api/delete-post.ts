import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** DELETE /api/community/posts/{id}: the author (or an admin, with a note for the author). */
export function deletePost({ postId, note }: { postId: number; note?: string | null }) {
  return api.call('DELETE /api/community/posts/:postId', { params: { postId }, query: { note } });
}

export const useDeletePost = () => useCommunityMutation(deletePost);
