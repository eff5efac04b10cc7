// Manufacturers, puzzle listings and favourites.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DIMENSION_UNITS,
  HANDOVERS,
  LISTING_CONDITIONS,
  LISTING_DIFFICULTIES,
  LISTING_STATUSES,
} from '../../../domain/enums';
import { createdAt, descending, idColumn, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './users';

/**
 * Puzzle brands. A fresh install gets the reference list (src/server/db/reference/
 * manufacturers.ts) from a migration; admins add, rename, deactivate and delete.
 */
export const manufacturers = pgTable(
  'manufacturers',
  {
    id: idColumn(),
    // Unique as a plain constraint so the reference migration can use ON CONFLICT (name).
    name: text('name').notNull().unique('manufacturers_name_unique'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // 'Ravensburger' and 'ravensburger' are one brand (docs/product/administration.md#manufacturers).
  (t) => [uniqueIndex('manufacturers_name_lower_unique').on(sql`lower(${t.name})`)],
);

// Browse only ever shows active listings (docs/product/listings.md#browse), so its indexes are partial.
const ACTIVE = sql`status = 'active'`;

export const puzzleListings = pgTable(
  'puzzle_listings',
  {
    id: idColumn(),
    // The owner. A member's listings go with the member (trades keep them alive: RESTRICT).
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    pieces: integer('pieces').notNull(),
    dimensionValue: doublePrecision('dimension_value'),
    dimensionUnit: text('dimension_unit', { enum: DIMENSION_UNITS }).notNull().default('cm'),
    // Deleting a manufacturer keeps its listings, without a brand.
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id, {
      onDelete: 'set null',
    }),
    artist: text('artist'),
    difficulty: text('difficulty', { enum: LISTING_DIFFICULTIES }).notNull().default('medium'),
    condition: text('condition', { enum: LISTING_CONDITIONS }).notNull(),
    yearOfManufacture: integer('year_of_manufacture'),
    barcodeNumber: text('barcode_number'),
    puzzleImageUrl: text('puzzle_image_url'),
    boxImageUrl: text('box_image_url'),
    description: text('description'),
    puzzlePoints: integer('puzzle_points').notNull().default(1),
    isAvailable: boolean('is_available').notNull().default(true),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('draft'),
    // 0 = complete (docs/product/listings.md#a-listing); browse's completeOnly filters on it.
    missingPieces: integer('missing_pieces').notNull().default(0),
    publishedAt: timestamptz('published_at'),
    // By post, in person or either (docs/product/near-me.md#hand-over), and the
    // boxed puzzle's parcel for the postage estimate: all four or none.
    handover: text('handover', { enum: HANDOVERS }).notNull().default('post'),
    parcelWeightGrams: integer('parcel_weight_grams'),
    parcelLengthCm: integer('parcel_length_cm'),
    parcelWidthCm: integer('parcel_width_cm'),
    parcelDepthCm: integer('parcel_depth_cm'),
    /**
     * While the listing is offered first to a member who wished for it: the end of that offer
     * (docs/product/wanted.md#the-first-offer). Kept by src/server/wanted/ with the offer row,
     * so browse cards carry it and are refreshed by the change log like any other column.
     */
    heldUntil: timestamptz('held_until'),
    /**
     * Lower-cased title, subtitle, artist, description, barcode and manufacturer name, kept
     * by database triggers (migration 0002_listing_search_triggers), never written by the
     * app. Browse's text search is `search_text LIKE '%' || lower(q) || '%'` (escape % and _),
     * which the trigram GIN index below answers without a scan.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('puzzle_listings_pieces_range', sql`${t.pieces} BETWEEN 1 AND 50000`),
    check('puzzle_listings_puzzle_points_range', sql`${t.puzzlePoints} BETWEEN 1 AND 25`),
    check('puzzle_listings_year_range', sql`${t.yearOfManufacture} BETWEEN 1900 AND 2100`),
    check('puzzle_listings_missing_pieces_range', sql`${t.missingPieces} >= 0 AND ${t.missingPieces} <= ${t.pieces}`),
    check('puzzle_listings_dimension_value_positive', sql`${t.dimensionValue} > 0`),
    check('puzzle_listings_title_length', sql`char_length(${t.title}) BETWEEN 1 AND 100`),
    check('puzzle_listings_difficulty_check', oneOf(t.difficulty, LISTING_DIFFICULTIES)),
    check('puzzle_listings_condition_check', oneOf(t.condition, LISTING_CONDITIONS)),
    check('puzzle_listings_dimension_unit_check', oneOf(t.dimensionUnit, DIMENSION_UNITS)),
    check('puzzle_listings_status_check', oneOf(t.status, LISTING_STATUSES)),
    check('puzzle_listings_handover_check', oneOf(t.handover, HANDOVERS)),
    check(
      'puzzle_listings_parcel_complete',
      sql`num_nulls(${t.parcelWeightGrams}, ${t.parcelLengthCm}, ${t.parcelWidthCm}, ${t.parcelDepthCm}) IN (0, 4)`,
    ),
    // Browse's hand-over filter keeps the few listings offered in person.
    index('puzzle_listings_active_in_person_idx')
      .on(t.id)
      .where(sql`status = 'active' AND handover <> 'post'`),

    // The member home's count of puzzles on offer (GET /api/member-content): counted from
    // this index alone, not by reading every listing (docs/performance.md, 'Club evening').
    index('puzzle_listings_active_available_idx')
      .on(t.id)
      .where(sql`status = 'active' AND is_available`),

    // My Listings: a member's listings, counted per status.
    index('puzzle_listings_user_id_status_idx').on(t.userId, t.status),
    // How many listings use a manufacturer (the admin panel; deleting one in use is refused).
    index('puzzle_listings_manufacturer_id_idx').on(t.manufacturerId),

    // Text search and the artist filter (case-insensitive substring): trigram GIN.
    index('puzzle_listings_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('puzzle_listings_artist_trgm_idx').using('gin', sql`lower(${t.artist}) gin_trgm_ops`),

    // Browse sorts. A b-tree can be read backwards, so one index serves both directions
    // (newest and oldest, title-asc and title-desc, ...). `id` breaks ties for stable pages.
    index('puzzle_listings_active_created_at_idx').on(descending(t.createdAt), descending(t.id)).where(ACTIVE),
    index('puzzle_listings_active_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(ACTIVE),
    index('puzzle_listings_active_pieces_idx').on(t.pieces, t.id).where(ACTIVE),
    index('puzzle_listings_active_points_idx').on(t.puzzlePoints, t.id).where(ACTIVE),
    index('puzzle_listings_active_year_idx').on(t.yearOfManufacture, t.id).where(ACTIVE),

    // Browse filters (equality).
    index('puzzle_listings_active_manufacturer_idx').on(t.manufacturerId).where(ACTIVE),
    index('puzzle_listings_active_difficulty_idx').on(t.difficulty).where(ACTIVE),
    index('puzzle_listings_active_condition_idx').on(t.condition).where(ACTIVE),
    index('puzzle_listings_active_missing_pieces_idx').on(t.missingPieces).where(ACTIVE),
  ],
);

/** A member's favourite listings; one row per member and listing. */
export const favorites = pgTable(
  'favorites',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    puzzleListingId: integer('puzzle_listing_id')
      .notNull()
      .references(() => puzzleListings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('favorites_user_listing_unique').on(t.userId, t.puzzleListingId),
    index('favorites_puzzle_listing_id_idx').on(t.puzzleListingId),
  ],
);

export type Manufacturer = typeof manufacturers.$inferSelect;
export type NewManufacturer = typeof manufacturers.$inferInsert;
export type PuzzleListing = typeof puzzleListings.$inferSelect;
export type NewPuzzleListing = typeof puzzleListings.$inferInsert;
export type Favorite = typeof favorites.$inferSelect;
export type NewFavorite = typeof favorites.$inferInsert;
