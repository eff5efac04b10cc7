// A member's favourites (spec sections 2 and 7).

import { z } from 'zod';
import { listingViewSchema } from './listings';

export const favoriteViewSchema = z.object({
  id: z.number(),
  puzzleListingId: z.number(),
  createdAt: z.string(),
  listing: listingViewSchema,
});
export type Favorite = z.output<typeof favoriteViewSchema>;
