import type { CreatePostBody } from '../../../../domain/community';
import { api } from '../../../lib/api-client';
import { useCommunityMutation } from './use-community-mutation';

/** POST /api/community/posts (201): title, content, category, tags, up to 4 photo URLs. */
export function createPost(body: CreatePostBody) {
  return api.call('POST /api/community/posts', { body });
}

export const useCreatePost = () => useCommunityMutation(createPost);
