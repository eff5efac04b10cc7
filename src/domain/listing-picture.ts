// The puzzle page's main picture as a responsive image: its stored 400-pixel thumbnail for a
// small box, the full picture otherwise. Shared by the page's <img> and the server's
// <link rel="preload"> for /puzzle/{id} (static-client.ts), which only counts as the same
// request when both carry the same srcset and sizes. Zod-free: the puzzle page imports it.

/** The longest side of a stored thumbnail and of a stored picture (image-store.ts, constants.ts). */
const THUMBNAIL_WIDTH = 400;
const PICTURE_WIDTH = 1600;

/**
 * How wide the picture's box is drawn (puzzle-detail-page.tsx): the page's width less its
 * 1rem margins on a phone; half of it, less the 2rem gap, from `lg` (1024 px) in two columns
 * inside max-w-7xl (1280 px).
 */
export const LISTING_PICTURE_SIZES = '(min-width: 1024px) min(calc(50vw - 32px), 608px), calc(100vw - 32px)';

/**
 * The srcset for a listing's picture and its thumbnail; undefined when there is no separate
 * thumbnail (a picture from elsewhere stands in for its own). The thumbnail's longest side is
 * 400 px, so in the 4:3 box it is sharp enough, whatever the picture's shape, wherever the
 * box is at most 400 device pixels wide; the browser picks it only there.
 */
export function listingPictureSrcSet(url: string, thumbnailUrl: string | null): string | undefined {
  if (!thumbnailUrl || thumbnailUrl === url) return undefined;
  return `${thumbnailUrl} ${THUMBNAIL_WIDTH}w, ${url} ${PICTURE_WIDTH}w`;
}
