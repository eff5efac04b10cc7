import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../components/ui/use-toast';
import { listingKeys } from './query-keys';
import type { Listing } from '../../../../domain/listings';

/** POST /api/favorites/{listingId} adds, DELETE removes (always the listing id). */
export function setFavorite({ listingId, favorite }: { listingId: number; favorite: boolean }) {
  return favorite
    ? api.call('POST /api/favorites/:listingId', { params: { listingId } })
    : api.call('DELETE /api/favorites/:listingId', { params: { listingId } });
}

function patchListing(listing: Listing | undefined, listingId: number, favorite: boolean): Listing | undefined {
  return listing && listing.id === listingId ? { ...listing, isFavorite: favorite } : listing;
}

/** The heart: saved on the server, shown at once, with the product's toasts (docs/product/listings.md#favourites). */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavorite,
    onSuccess: async (_data, { listingId, favorite }) => {
      toast({ title: favorite ? 'Added to favorites' : 'Removed from favorites' });
      queryClient.setQueryData<Listing>(listingKeys.detail(listingId), (old) => patchListing(old, listingId, favorite));
      queryClient.setQueriesData<{ pages: { items: Listing[] }[] }>(
        { queryKey: [...listingKeys.all, 'browse'] },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((p) => ({ ...p, items: p.items.map((l) => patchListing(l, listingId, favorite)!) })),
          },
      );
      await queryClient.invalidateQueries({ queryKey: listingKeys.favorites });
    },
    onError: (_error, { favorite }) => {
      if (favorite) toast({ title: 'Failed to add puzzle to favorites', variant: 'destructive' });
      else toast({ title: 'Error', description: 'Failed to remove puzzle from favorites', variant: 'destructive' });
    },
  });
}
