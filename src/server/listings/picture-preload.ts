import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { escapeHtml } from '../mail/templates';
import { thumbnailFor } from '../uploads/image-store';
import { LISTING_PICTURE_SIZES, listingPictureSrcSet } from '../../domain/listing-picture';

// The puzzle page's largest picture is its LCP, and without help the browser finds it only
// once the page's script and the listing's answer have arrived (Lighthouse's
// prioritize-lcp-image, about 0.75 s on a phone line). The page for /puzzle/{id} therefore
// names it in a <link rel="preload">, so it downloads alongside the scripts
// (docs/decisions/0017-delivery.md). Only an active listing's picture: what any visitor sees
// on the page anyway; nothing about the viewer or the owner goes into the page.

const PUZZLE_PAGE = /^\/puzzle\/(\d{1,10})$/;
const ID_MAX = 2_147_483_647;

/** `<link rel="preload">` for the main picture of the listing at `pathname` ('' for any other page). */
export async function listingPicturePreload(db: DbOrTx, pathname: string): Promise<string> {
  const id = Number(PUZZLE_PAGE.exec(pathname)?.[1] ?? 0);
  if (id < 1 || id > ID_MAX) return '';
  const [row] = await queryRows<{ url: string | null }>(
    db,
    sql`SELECT puzzle_image_url AS url FROM puzzle_listings WHERE id = ${id} AND status = 'active'`,
  );
  if (!row?.url) return '';
  // The same srcset and sizes as the page's <img>, or the browser would download it twice.
  const srcset = listingPictureSrcSet(row.url, thumbnailFor(row.url));
  const candidates = srcset
    ? `imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(LISTING_PICTURE_SIZES)}"`
    : `href="${escapeHtml(row.url)}"`;
  return `<link rel="preload" as="image" fetchpriority="high" ${candidates} />`;
}
