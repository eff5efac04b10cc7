// A member's favourites (docs/product/listings.md#favourites).

import { z } from 'zod';
import { listingViewSchema } from './listings';

export const favoriteViewSchema = z.object({
  id: z.number(),
  puzzleListingId: z.number(),
  createdAt: z.string(),
  listing: listingViewSchema,
});
export type Favorite = z.output<typeof favoriteViewSchema>;
