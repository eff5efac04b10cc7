// POST /api/uploads: where the stored picture and its thumbnail are served.

import { z } from 'zod';

export const uploadedImageSchema = z.object({
  /** '/uploads/….webp', to put in a listing's puzzleImageUrl or boxImageUrl. */
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type UploadedImage = z.output<typeof uploadedImageSchema>;

/** POST /api/uploads?shape=square: an avatar, cut square from the middle of the picture. */
export const uploadQuerySchema = z.object({
  shape: z
    .enum(['picture', 'square'], { error: "Shape must be 'picture' or 'square'" })
    .optional()
    .transform((shape) => shape ?? 'picture'),
});
