import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityPostView } from '../../../../domain/community';
import { COMMUNITY_POSTS_PAGE_SIZE } from '../../../../domain/community-list';
import { api } from '../../../lib/api-client';
import { communityKeys, type PostFilters } from './query-keys';

/** GET /api/community/posts?category=&q=&page=: pinned first, then latest activity; 20 a page. */
export function getPosts(filters: PostFilters, page: number, signal?: AbortSignal) {
  return api.call('GET /api/community/posts', { query: { category: filters.category, q: filters.q, page }, signal });
}

export const postsQueryOptions = (filters: PostFilters) =>
  infiniteQueryOptions({
    queryKey: communityKeys.posts(filters),
    queryFn: ({ pageParam, signal }) => getPosts(filters, pageParam, signal),
    initialPageParam: 1,
    // A full page may have more behind it; a short one is the last.
    getNextPageParam: (last: CommunityPostView[], pages) =>
      last.length === COMMUNITY_POSTS_PAGE_SIZE ? pages.length + 1 : undefined,
  });

export function usePosts(filters: PostFilters) {
  return useInfiniteQuery(postsQueryOptions(filters));
}
