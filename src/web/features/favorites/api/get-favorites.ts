import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One favourite with its (live) listing, as GET /api/favorites answers it. */
export interface Favorite<L> {
  id: number;
  puzzleListingId: number;
  createdAt: string;
  listing: L;
}

// The same key the listings feature's heart refreshes.
export const favoritesKey = ['favorites'] as const;

/** GET /api/favorites: the member's favourites whose listings are live. */
export function getFavorites<L>(): Promise<Favorite<L>[]> {
  return api.get<Favorite<L>[]>('/api/favorites');
}

export function useFavorites<L>() {
  return useQuery(queryOptions({ queryKey: favoritesKey, queryFn: () => getFavorites<L>() }));
}
