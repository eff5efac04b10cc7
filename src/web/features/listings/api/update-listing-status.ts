import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingStatusPatch, Listing } from '../../../../domain/listings';
import { api } from '../../../lib/api-client';
import { listingKeys } from './query-keys';

/** PATCH /api/puzzle-listings/{id} with {status} only (docs/product/listings.md#listing-states). */
export function updateListingStatus({ id, status }: { id: number } & ListingStatusPatch) {
  return api.call('PATCH /api/puzzle-listings/:id', { params: { id }, body: { status } });
}

export function useUpdateListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListingStatus,
    onSuccess: async (listing) => {
      queryClient.setQueryData<Listing[]>(listingKeys.mine, (old) =>
        old?.map((l) => (l.id === listing.id ? listing : l)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.all }),
        queryClient.invalidateQueries({ queryKey: listingKeys.favorites }),
      ]);
    },
    // Refused (a trade was accepted meanwhile, say): show the listing as it really is now.
    // Not awaited: the caller's 'Update failed' toast need not wait for the refetch.
    onError: () => void queryClient.invalidateQueries({ queryKey: listingKeys.mine }),
  });
}
