import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ContactListing } from '../types';

/**
 * GET /api/puzzle-listings/{id}, read for the /messages?contact={listingId} deep link: only
 * the title and owner the Contact dialog needs (messaging does not import the listings feature).
 */
export function getContactListing(id: number): Promise<ContactListing> {
  return api.get<ContactListing>(`/api/puzzle-listings/${id}`);
}

export const contactListingQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['messages', 'contact-listing', id], queryFn: () => getContactListing(id) });

export function useContactListing(id: number | null) {
  return useQuery({ ...contactListingQueryOptions(id ?? 0), enabled: id !== null });
}
