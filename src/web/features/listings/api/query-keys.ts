// This feature's query keys. 'favorites' is also read by the favourites page (same literal:
// features do not import each other; lib/query-keys.ts is the place to move it to).
import { queryKeys } from '../../../lib/query-keys';

export const listingKeys = {
  all: ['puzzle-listings'] as const,
  browse: (params: Record<string, string>) => ['puzzle-listings', 'browse', params] as const,
  detail: queryKeys.listing,
  mine: ['puzzle-listings', 'mine'] as const,
  favorites: ['favorites'] as const,
  manufacturers: ['manufacturers', 'active'] as const,
  pointsGuide: (bandStart: number) => ['puzzle-listings', 'points-guide', bandStart] as const,
};
