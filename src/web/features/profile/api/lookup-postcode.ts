import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/postcode-lookup/{postcode}: the addresses at a (normalised) UK postcode. */
export function lookupPostcode(postcode: string, signal?: AbortSignal) {
  return api.call('GET /api/postcode-lookup/:postcode', { params: { postcode }, signal });
}

export const postcodeLookupQueryOptions = (postcode: string) =>
  queryOptions({
    queryKey: ['profile', 'postcode-lookup', postcode],
    queryFn: ({ signal }) => lookupPostcode(postcode, signal),
  });

/** The lookup for the postcode the member asked about; null = nothing asked yet. */
export function usePostcodeLookup(postcode: string | null) {
  return useQuery({ ...postcodeLookupQueryOptions(postcode ?? ''), enabled: postcode !== null });
}
