import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The same key the listings feature's heart refreshes.
export const favoritesKey = ['favorites'] as const;

/** GET /api/favorites: the member's favourites whose listings are live. */
export function getFavorites() {
  return api.call('GET /api/favorites');
}

export function useFavorites() {
  return useQuery(queryOptions({ queryKey: favoritesKey, queryFn: getFavorites }));
}
