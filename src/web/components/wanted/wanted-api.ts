import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrowsePage } from '../../../domain/listings';
import type { SavedSearchAlert, SavedSearchView, WishView } from '../../../domain/wanted';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// Wanted's calls (docs/api/wanted.md), shared by the Wanted page and the pieces other pages
// show (Save this search on browse, the wish button and hold on a puzzle page, the demand line
// on the listing form).

export const wantedKeys = {
  all: ['wanted'] as const,
  searches: ['wanted', 'saved-searches'] as const,
  matches: (id: number, page: number) => ['wanted', 'saved-searches', id, 'matches', page] as const,
  wishes: ['wanted', 'wishes'] as const,
  demand: (title: string, manufacturerId: number | null, pieces: number | null) =>
    ['wanted', 'demand', title, manufacturerId, pieces] as const,
};

export function useSavedSearches(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: wantedKeys.searches,
      queryFn: () => api.get<SavedSearchView[]>('/api/saved-searches'),
      enabled,
    }),
  );
}

export function useSavedSearchMatches(id: number | null, page = 1) {
  return useQuery({
    queryKey: wantedKeys.matches(id ?? 0, page),
    queryFn: () => api.get<BrowsePage>(`/api/saved-searches/${id}/matches`, { query: { page } }),
    enabled: id !== null,
  });
}

export function useWishes(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: wantedKeys.wishes, queryFn: () => api.get<WishView[]>('/api/wishes'), enabled }),
  );
}

/** Refreshes every Wanted list (and the listing pages, whose hold may have changed). */
function useRefreshWanted() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: wantedKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.listingDetails });
  };
}

export function useSaveSearch() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: (body: { name?: string; query: Record<string, string>; alert: SavedSearchAlert }) =>
      api.post<SavedSearchView>('/api/saved-searches', body),
    onSuccess: refresh,
  });
}

export function useChangeSearch() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; alert?: SavedSearchAlert }) =>
      api.patch<SavedSearchView>(`/api/saved-searches/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteSearch() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/saved-searches/${id}`),
    onSuccess: refresh,
  });
}

export function useAddWish() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: (body: { listingId: number } | { title: string; manufacturerId?: number; pieces?: number }) =>
      api.post<WishView>('/api/wishes', body),
    onSuccess: refresh,
  });
}

export function useRemoveWish() {
  const refresh = useRefreshWanted();
  return useMutation({ mutationFn: (id: number) => api.delete<null>(`/api/wishes/${id}`), onSuccess: refresh });
}

export function usePassOffer() {
  const refresh = useRefreshWanted();
  return useMutation({ mutationFn: (id: number) => api.post<null>(`/api/wishes/${id}/pass`), onSuccess: refresh });
}

export function useWishDemand(title: string, manufacturerId: number | null, pieces: number | null) {
  const trimmed = title.trim();
  return useQuery({
    queryKey: wantedKeys.demand(trimmed, manufacturerId, pieces),
    queryFn: () =>
      api.get<{ waiting: number }>('/api/wishes/demand', {
        query: { title: trimmed, manufacturerId, pieces },
      }),
    enabled: trimmed.length >= 3,
    staleTime: 60_000,
  });
}
