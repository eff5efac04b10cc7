import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsBand } from '../../../../domain/listing-points';
import { api } from '../../../lib/api-client';
import { listingKeys } from './query-keys';

/** GET /api/puzzle-listings/points-guide: the suggestion and what members usually ask. */
export function getPointsGuide(pieces: number) {
  return api.call('GET /api/puzzle-listings/points-guide', { query: { pieces } });
}

/**
 * The guide for the band `pieces` falls in: the answer is the same across a band, so typing
 * 1000 then 1200 asks once. Null pieces (an empty field) ask nothing.
 */
export function usePointsGuide(pieces: number | null) {
  const band = pieces === null ? null : pointsBand(pieces);
  return useQuery(
    queryOptions({
      queryKey: listingKeys.pointsGuide(band?.minPieces ?? 0),
      queryFn: () => getPointsGuide(band!.minPieces),
      enabled: band !== null,
      staleTime: 60_000,
    }),
  );
}
