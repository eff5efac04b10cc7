import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityActivityView } from '../../../../domain/community';
import { COMMUNITY_ACTIVITIES_PAGE_SIZE } from '../../../../domain/community-list';
import { api } from '../../../lib/api-client';
import { communityKeys } from './query-keys';

/** GET /api/community/activities?page=: the public feed, newest first, 50 a page. */
export function getActivities(page: number, signal?: AbortSignal) {
  return api.call('GET /api/community/activities', { query: { page }, signal });
}

export const activitiesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: communityKeys.activities,
    queryFn: ({ pageParam, signal }) => getActivities(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CommunityActivityView[], pages) =>
      last.length === COMMUNITY_ACTIVITIES_PAGE_SIZE ? pages.length + 1 : undefined,
  });

export function useActivities({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...activitiesQueryOptions(), enabled });
}
