import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MEMBER_DIRECTORY_PAGE_SIZE, type MemberCard } from '../../../../domain/members';
import { api, type ListPage } from '../../../lib/api-client';
import { memberKeys } from './query-keys';

export type DirectoryFilters = { q: string; town: string };

/** GET /api/members?q=&town=&page=: one page of the directory (30 cards, name order) and how many match in all. */
export function getMembers(filters: DirectoryFilters, page: number, signal?: AbortSignal) {
  return api.page('GET /api/members', { query: { q: filters.q, town: filters.town, page }, signal });
}

export const membersQueryOptions = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: memberKeys.directory(filters),
    queryFn: ({ pageParam, signal }) => getMembers(filters, pageParam, signal),
    initialPageParam: 1,
    // A full page may have more behind it; a short one is the last.
    getNextPageParam: (last: ListPage<MemberCard>, pages) =>
      last.items.length === MEMBER_DIRECTORY_PAGE_SIZE ? pages.length + 1 : undefined,
  });

/** The directory for these filters; further pages come from 'Load more'. */
export function useMembers(filters: DirectoryFilters) {
  return useInfiniteQuery(membersQueryOptions(filters));
}
