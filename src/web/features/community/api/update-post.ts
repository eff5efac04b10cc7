import type { CommunityPostView, UpdatePostBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** PATCH /api/community/posts/{id}: the author (or an admin); marks it edited. */
export function updatePost({ postId, body }: { postId: number; body: UpdatePostBody }): Promise<CommunityPostView> {
  return api.patch<CommunityPostView>(`/api/community/posts/${postId}`, body);
}

export const useUpdatePost = () => useCommunityMutation(updatePost);
