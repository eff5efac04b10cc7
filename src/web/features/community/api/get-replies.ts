import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './query-keys';

/** GET /api/community/posts/{id}/replies: oldest first, one flat list. */
export function getReplies(postId: number, signal?: AbortSignal) {
  return api.call('GET /api/community/posts/:postId/replies', { params: { postId }, signal });
}

export const repliesQueryOptions = (postId: number) =>
  queryOptions({ queryKey: communityKeys.replies(postId), queryFn: ({ signal }) => getReplies(postId, signal) });

export function useReplies(postId: number) {
  return useQuery(repliesQueryOptions(postId));
}
