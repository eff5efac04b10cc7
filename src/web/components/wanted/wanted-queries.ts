import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The Wanted page's two lists, apart from wanted-api.ts so the router can ask for them with
// the page's code (router.tsx) without bringing the rest of Wanted's calls into the entry.

export const wantedKeys = {
  all: ['wanted'] as const,
  searches: ['wanted', 'saved-searches'] as const,
  matches: (id: number, page: number) => ['wanted', 'saved-searches', id, 'matches', page] as const,
  wishes: ['wanted', 'wishes'] as const,
  demand: (title: string, manufacturerId: number | null, pieces: number | null) =>
    ['wanted', 'demand', title, manufacturerId, pieces] as const,
};

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: wantedKeys.searches, queryFn: () => api.call('GET /api/saved-searches') });

export const wishesQueryOptions = () =>
  queryOptions({ queryKey: wantedKeys.wishes, queryFn: () => api.call('GET /api/wishes') });
