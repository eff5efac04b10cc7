import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DIMENSION_UNITS, LISTING_CONDITIONS, LISTING_DIFFICULTIES, LISTING_STATUSES } from '../../domain/enums';

// The one shape a listing has in every answer (browse, detail, My Listings, favourites),
// built by the database as JSON from an explicit field list. Browse pages are sent as the
// database wrote them (no row parsing, no re-serialising: see docs/performance.md), so this
// list is the whole truth of what a listing answer can contain: the owner's address,
// postcode, phone and e-mail are not in it, and the owner appears only as first name +
// initial and town (issue 5). tests/api/listings.test.ts checks the raw answers.

export const listingViewSchema = z.object({
  id: z.number(),
  userId: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  pieces: z.number(),
  dimensionValue: z.number().nullable(),
  dimensionUnit: z.enum(DIMENSION_UNITS),
  manufacturerId: z.number().nullable(),
  manufacturerName: z.string().nullable(),
  artist: z.string().nullable(),
  difficulty: z.enum(LISTING_DIFFICULTIES),
  condition: z.enum(LISTING_CONDITIONS),
  yearOfManufacture: z.number().nullable(),
  barcodeNumber: z.string().nullable(),
  puzzleImageUrl: z.string().nullable(),
  puzzleThumbnailUrl: z.string().nullable(),
  boxImageUrl: z.string().nullable(),
  boxThumbnailUrl: z.string().nullable(),
  description: z.string().nullable(),
  puzzlePoints: z.number(),
  missingPieces: z.number(),
  isAvailable: z.boolean(),
  status: z.enum(LISTING_STATUSES),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ownerName: z.string(),
  ownerTown: z.string().nullable(),
  // Only for a signed-in viewer.
  isFavorite: z.boolean().optional(),
});
export type ListingView = z.infer<typeof listingViewSchema>;

/** ISO 8601 in UTC with milliseconds, exactly as JavaScript's toISOString writes it. */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Our own uploads have a stored thumbnail next to them (image-store.ts: x.webp -> x.thumb.webp);
 * an image from elsewhere (seeded data may use absolute URLs) has none, so it stands in.
 */
const thumbnail = (column: SQL) =>
  sql`CASE WHEN ${column} ~ '^/uploads/[A-Za-z0-9_-]+\\.webp$' THEN regexp_replace(${column}, '\\.webp$', '.thumb.webp') ELSE ${column} END`;

// 'Margaret H.': first name and the initial of the last name; 'Member' when neither is known.
const ownerName = sql`CASE
    WHEN coalesce(trim(u.first_name), '') = '' AND coalesce(trim(u.last_name), '') = '' THEN 'Member'
    WHEN coalesce(trim(u.last_name), '') = '' THEN trim(u.first_name)
    WHEN coalesce(trim(u.first_name), '') = '' THEN upper(left(trim(u.last_name), 1)) || '.'
    ELSE trim(u.first_name) || ' ' || upper(left(trim(u.last_name), 1)) || '.'
  END`;

/**
 * After `FROM <listings> p`: the owner's public name and town and the manufacturer's name, as
 * `o`. OFFSET 0 keeps the subquery from being merged into a hash join over all members: it
 * runs once per listing on the page through the primary keys.
 */
export const listingViewJoins = sql`LEFT JOIN LATERAL (
    SELECT ${ownerName} AS owner_name,
      CASE WHEN mp.show_location IS FALSE THEN NULL ELSE u.town_or_city END AS owner_town,
      (SELECT mf.name FROM manufacturers mf WHERE mf.id = p.manufacturer_id) AS manufacturer_name
    FROM users u LEFT JOIN member_profiles mp ON mp.user_id = u.id
    WHERE u.id = p.user_id OFFSET 0
  ) o ON true`;

/** The listing `p` (with listingViewJoins) as one JSON object; isFavorite for a signed-in viewer. */
export function listingJson(viewerId: number | null): SQL {
  const favorite =
    viewerId === null
      ? sql``
      : sql`, 'isFavorite', EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = ${viewerId} AND f.puzzle_listing_id = p.id)`;
  return sql`json_build_object(
    'id', p.id, 'userId', p.user_id, 'title', p.title, 'subtitle', p.subtitle, 'pieces', p.pieces,
    'dimensionValue', p.dimension_value, 'dimensionUnit', p.dimension_unit,
    'manufacturerId', p.manufacturer_id, 'manufacturerName', o.manufacturer_name, 'artist', p.artist,
    'difficulty', p.difficulty, 'condition', p.condition, 'yearOfManufacture', p.year_of_manufacture,
    'barcodeNumber', p.barcode_number,
    'puzzleImageUrl', p.puzzle_image_url, 'puzzleThumbnailUrl', ${thumbnail(sql`p.puzzle_image_url`)},
    'boxImageUrl', p.box_image_url, 'boxThumbnailUrl', ${thumbnail(sql`p.box_image_url`)},
    'description', p.description, 'puzzlePoints', p.puzzle_points, 'missingPieces', p.missing_pieces,
    'isAvailable', p.is_available, 'status', p.status,
    'publishedAt', ${iso(sql`p.published_at`)}, 'createdAt', ${iso(sql`p.created_at`)},
    'updatedAt', ${iso(sql`p.updated_at`)},
    'ownerName', o.owner_name, 'ownerTown', o.owner_town${favorite})`;
}
