import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { displayNameSql } from '../members/display-name-sql';

// The one shape a listing has in every answer (browse, detail, My Listings, favourites:
// listingViewSchema in src/domain/listings.ts), built by the database as JSON from an
// explicit field list. Browse pages are sent as the database wrote them (no row parsing, no
// re-serialising: see docs/performance.md), so this list must name exactly the schema's
// fields: the owner's address, postcode, phone and e-mail are not in it, and the owner
// appears only as first name + initial and town (issue 5). tests/api/listings.test.ts checks
// the raw answers.

/** ISO 8601 in UTC with milliseconds, exactly as JavaScript's toISOString writes it. */
export const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Our own uploads have a stored thumbnail next to them (image-store.ts: x.webp -> x.thumb.webp);
 * an image from elsewhere (seeded data may use absolute URLs) has none, so it stands in.
 */
const thumbnail = (column: SQL) =>
  sql`CASE WHEN ${column} ~ '^/uploads/[A-Za-z0-9_-]+\\.webp$' THEN regexp_replace(${column}, '\\.webp$', '.thumb.webp') ELSE ${column} END`;

// 'Margaret H.': the domain's display-name rule (src/domain/members.ts), in SQL.
const ownerName = displayNameSql(sql`u.first_name`, sql`u.last_name`);

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
export function listingJson(viewerId: number | Placeholder | null): SQL {
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
    'publishedAt', ${iso(sql`p.published_at`)}, 'heldUntil', ${iso(sql`p.held_until`)}, 'createdAt', ${iso(sql`p.created_at`)},
    'updatedAt', ${iso(sql`p.updated_at`)},
    'ownerName', o.owner_name, 'ownerTown', o.owner_town,
    'handover', p.handover,
    'parcel', CASE WHEN p.parcel_weight_grams IS NULL THEN NULL ELSE json_build_object(
      'weightGrams', p.parcel_weight_grams, 'lengthCm', p.parcel_length_cm,
      'widthCm', p.parcel_width_cm, 'depthCm', p.parcel_depth_cm) END${favorite})`;
}
