// Wanted (docs/product/wanted.md): saved searches and their matches, wish lists, the first
// offers of a listing to the members who wished for it, and the listings waiting to be matched.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SAVED_SEARCH_ALERTS, WISH_OFFER_STATUSES } from '../../../domain/wanted';
import type { SavedSearchQuery } from '../../../domain/wanted';
import { createdAt, descending, idColumn, oneOf, timestamptz, updatedAt } from './columns';
import { manufacturers, puzzleListings } from './listings';
import { users } from './users';

/** A member's kept browse question. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: idColumn(),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Browse's filters, browse's names (src/domain/wanted.ts savedSearchQuerySchema). */
    query: jsonb('query').$type<SavedSearchQuery>().notNull(),
    alert: text('alert', { enum: SAVED_SEARCH_ALERTS }).notNull(),
    /**
     * The search's most selective required facet ('m:12', 't:cot', 'd:hard', '*'), so a
     * listing going live reads only the searches whose key it has (domain: savedSearchKey,
     * listingMatchKeys; docs/decisions/0030-wanted.md).
     */
    matchKey: text('match_key').notNull(),
    /** When the member last opened its matches; new matches are those since. */
    lastOpenedAt: timestamptz('last_opened_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('saved_searches_alert_check', oneOf(t.alert, SAVED_SEARCH_ALERTS)),
    check('saved_searches_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
    index('saved_searches_member_idx').on(t.memberId, descending(t.createdAt), descending(t.id)),
    index('saved_searches_match_key_idx').on(t.matchKey),
  ],
);

/** One row per saved search and listing that matched it when it went live (the digest reads these). */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => puzzleListings.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchedAt: timestamptz('matched_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'saved_search_matches_pk', columns: [t.savedSearchId, t.listingId] }),
    index('saved_search_matches_member_idx').on(t.memberId, t.matchedAt),
    index('saved_search_matches_listing_idx').on(t.listingId),
  ],
);

/** One puzzle a member hopes for, in line with the others who asked for it earlier. */
export const wishes = pgTable(
  'wishes',
  {
    id: idColumn(),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The title without case, punctuation or spaces (domain: puzzleTitleKey): how wishes meet listings. */
    titleKey: text('title_key').notNull(),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id, { onDelete: 'set null' }),
    pieces: integer('pieces'),
    createdAt: createdAt(),
  },
  (t) => [
    check('wishes_title_length', sql`char_length(${t.title}) BETWEEN 1 AND 100`),
    // The same puzzle twice on one list is refused ('It is already on your wish list').
    uniqueIndex('wishes_member_puzzle_unique').on(
      t.memberId,
      t.titleKey,
      sql`coalesce(${t.manufacturerId}, 0)`,
      sql`coalesce(${t.pieces}, 0)`,
    ),
    // The line for a puzzle: oldest first.
    index('wishes_title_key_idx').on(t.titleKey, t.createdAt, t.id),
    index('wishes_member_idx').on(t.memberId, t.createdAt, t.id),
  ],
);

/** A listing offered first to one member who wished for it, until `until`. */
export const wishOffers = pgTable(
  'wish_offers',
  {
    id: idColumn(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => puzzleListings.id, { onDelete: 'cascade' }),
    wishId: integer('wish_id').references(() => wishes.id, { onDelete: 'set null' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeredAt: timestamptz('offered_at').notNull(),
    until: timestamptz('until').notNull(),
    status: text('status', { enum: WISH_OFFER_STATUSES }).notNull().default('open'),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    check('wish_offers_status_check', oneOf(t.status, WISH_OFFER_STATUSES)),
    // At most one member holds a listing at a time.
    uniqueIndex('wish_offers_one_open_per_listing')
      .on(t.listingId)
      .where(sql`status = 'open'`),
    // The sweeper: open offers by their end.
    index('wish_offers_open_until_idx')
      .on(t.until)
      .where(sql`status = 'open'`),
    index('wish_offers_member_idx').on(t.memberId, t.status),
    // Who has been offered a listing already (each member once per listing), and how many.
    index('wish_offers_listing_member_idx').on(t.listingId, t.memberId),
  ],
);

/**
 * Listings that went live and are not matched yet. Written in the going-live transaction,
 * deleted in the transaction that matches the listing: a process that stops in between leaves
 * the row for the wanted sweeper, so no match is lost and none is made twice.
 */
export const wantedPendingListings = pgTable('wanted_pending_listings', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => puzzleListings.id, { onDelete: 'cascade' }),
  queuedAt: timestamptz('queued_at').notNull().defaultNow(),
});

export type SavedSearch = typeof savedSearches.$inferSelect;
export type Wish = typeof wishes.$inferSelect;
export type WishOffer = typeof wishOffers.$inferSelect;
