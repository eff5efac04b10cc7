import type { UpdatePostBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** PATCH /api/community/posts/{id}: the author (or an admin); marks it edited. */
export function updatePost({ postId, body }: { postId: number; body: UpdatePostBody }) {
  return api.call('PATCH /api/community/posts/:postId', { params: { postId }, body });
}

export const useUpdatePost = () => useCommunityMutation(updatePost);
