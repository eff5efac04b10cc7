import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** DELETE /api/community/posts/{id}: the author (or an admin). */
export function deletePost(postId: number): Promise<unknown> {
  return api.delete<unknown>(`/api/community/posts/${postId}`);
}

export const useDeletePost = () => useCommunityMutation(deletePost);
