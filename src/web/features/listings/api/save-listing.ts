import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingInput } from '../../../../domain/listings';
import { api } from '../../../lib/api-client';
import { listingKeys } from './query-keys';

/** POST /api/puzzle-listings (create) or PATCH /api/puzzle-listings/{id} (the whole form). */
export function saveListing({ id, input }: { id: number | null; input: ListingInput }) {
  return id === null
    ? api.call('POST /api/puzzle-listings', { body: input })
    : api.call('PATCH /api/puzzle-listings/:id', { params: { id }, body: input });
}

export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListing,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.all }),
        queryClient.invalidateQueries({ queryKey: listingKeys.favorites }),
      ]);
    },
  });
}
