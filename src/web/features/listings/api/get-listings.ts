import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from './query-keys';
import type { BrowsePage } from '../../../../domain/listings';

/** GET /api/puzzle-listings (public): one page of active listings matching the filters. */
export function getListings(params: Record<string, string>, page: number, signal?: AbortSignal) {
  return api.call('GET /api/puzzle-listings', { query: { ...params, page }, signal });
}

export const browseQueryOptions = (params: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: listingKeys.browse(params),
    queryFn: ({ pageParam, signal }) => getListings(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: BrowsePage) => {
      const more = last.hasMore ?? last.page * last.pageSize < last.total;
      return more ? last.page + 1 : undefined;
    },
  });

/** Browse results; filter params without page (pages come from 'Load more'). */
export function useBrowseListings(params: Record<string, string>) {
  return useInfiniteQuery(browseQueryOptions(params));
}
