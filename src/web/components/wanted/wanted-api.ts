import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallInput } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { savedSearchesQueryOptions, wantedKeys, wishesQueryOptions } from './wanted-queries';

// Wanted's calls (docs/api/wanted.md), shared by the Wanted page and the pieces other pages
// show (Save this search on browse, the wish button and hold on a puzzle page, the demand line
// on the listing form).

export function useSavedSearches(enabled = true) {
  return useQuery({ ...savedSearchesQueryOptions(), enabled });
}

export function useSavedSearchMatches(id: number | null, page = 1) {
  return useQuery({
    queryKey: wantedKeys.matches(id ?? 0, page),
    queryFn: () => api.call('GET /api/saved-searches/:id/matches', { params: { id: id! }, query: { page } }),
    enabled: id !== null,
  });
}

export function useWishes(enabled = true) {
  return useQuery({ ...wishesQueryOptions(), enabled });
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
    mutationFn: (body: CallInput<'POST /api/saved-searches'>['body']) => api.call('POST /api/saved-searches', { body }),
    onSuccess: refresh,
  });
}

export function useChangeSearch() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & CallInput<'PATCH /api/saved-searches/:id'>['body']) =>
      api.call('PATCH /api/saved-searches/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteSearch() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: (id: number) => api.call('DELETE /api/saved-searches/:id', { params: { id } }),
    onSuccess: refresh,
  });
}

export function useAddWish() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: (body: CallInput<'POST /api/wishes'>['body']) => api.call('POST /api/wishes', { body }),
    onSuccess: refresh,
  });
}

export function useRemoveWish() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: (id: number) => api.call('DELETE /api/wishes/:id', { params: { id } }),
    onSuccess: refresh,
  });
}

export function usePassOffer() {
  const refresh = useRefreshWanted();
  return useMutation({
    mutationFn: (id: number) => api.call('POST /api/wishes/:id/pass', { params: { id } }),
    onSuccess: refresh,
  });
}

export function useWishDemand(title: string, manufacturerId: number | null, pieces: number | null) {
  const trimmed = title.trim();
  return useQuery({
    queryKey: wantedKeys.demand(trimmed, manufacturerId, pieces),
    queryFn: () => api.call('GET /api/wishes/demand', { query: { title: trimmed, manufacturerId, pieces } }),
    enabled: trimmed.length >= 3,
    staleTime: 60_000,
  });
}
