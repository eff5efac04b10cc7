import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './query-keys';

/** GET /api/community/posts/{id}: one post; opening it counts a view and records where the member has read to. */
export function getPost(postId: number, signal?: AbortSignal) {
  return api.call('GET /api/community/posts/:postId', { params: { postId }, signal });
}

export const postQueryOptions = (postId: number) =>
  queryOptions({ queryKey: communityKeys.post(postId), queryFn: ({ signal }) => getPost(postId, signal) });

export function usePost(postId: number) {
  return useQuery(postQueryOptions(postId));
}
