import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { YEAR_FILTER_MAX_YEARS } from '../../domain/constants';
import { chooseSuggestion, slipPatterns, slipSources, suggestableWord } from '../../domain/forgiving-search';
import { type BrowseFilters, type BrowseQuery, type BrowseQuestion } from '../../domain/browse';
import { greatCircleMiles, wholeMiles, type GeoPoint } from '../../domain/near';
import { pointsBand, USUAL_POINTS_MIN_LISTINGS, type PointsBand, type PointsGuide } from '../../domain/listing-points';
import { intArray, queryRows, type DbOrTx } from '../db/client';
import { browseOrderBy, browsePageIds, browseWhere, ownerInBrowse } from './browse-query';
import { readCards, type BrowseCards } from './browse-cards';
import { currentBrowse } from './browse-index-sync';
import type { BrowseIndex } from './browse-index';
import { queryFixedPlan, queryValueSensitive } from '../db/prepared-statements';

export { listingCardsStatement } from './browse-cards';

// GET /api/puzzle-listings (docs/performance.md has the measurements behind this):
//  1. the page's listing ids and the capped total: from the in-memory browse index
//     (browse-index.ts, kept exactly current by browse-index-sync.ts) when it can answer the
//     question exactly; otherwise from the database: the page's ids, chosen by the browse
//     indexes (its plan depends on the filter values; see db/prepared-statements.ts for how it
//     is still planned rarely), and the capped total, only when the page alone cannot tell
//     it and no fresh count is remembered;
//  2. the cards (the listing JSON of listing-view.ts, built by the database): held beside the
//     index (browse-cards.ts), read only when missing there or when there is no current
//     index; and for a signed-in member which of the page's listings are favourites.

/**
 * 'Showing X of Y puzzles' counts exactly up to this many matches and says '1,000+' beyond.
 * An exact count(*) of a broad search over 100,000 listings reads every match (measured:
 * 44 requests/s at p99 958 ms); stopping at the cap bounds the work of every search.
 */
export const BROWSE_COUNT_CAP = 1000;

export type BrowsePage = {
  /** The page's listings as a JSON array (the cards as the database wrote them). */
  itemsJson: string;
  total: number;
  totalIsCapped: boolean;
  hasMore: boolean;
  page: number;
  pageSize: number;
  /** 'Did you mean' (only when a one-word search found nothing and a word is one letter away). */
  suggestion?: string;
};

// ---------------------------------------------------------------------------------------
// Short-lived memory (the database's path). Counts: a capped count of a broad search still
// reads up to a thousand matches (milliseconds), and the same filters asked again within
// COUNT_TTL_MS reuse it. Years: the list changes rarely. (Cards are held beside the browse
// index and kept exactly current with it: browse-cards.ts.)
//
// Every listing write in this process forgets both at once (a generation counter: a
// transaction object is not the database object entries are keyed by), so a member sees their
// own change immediately. Each forget is announced to the other app processes on the same
// PostgreSQL through the event bus, and they forget within milliseconds (browse-cache-sync.ts);
// a listing that stops being active leaves browse at once anyway, because the page's ids are
// always read afresh.

const COUNT_TTL_MS = 30_000;
const YEARS_TTL_MS = 10_000;
const COUNT_ENTRIES_MAX = 2_000;
let generation = 0;
type Remembered<T> = { at: number; generation: number; value: T };
const counts = new WeakMap<object, Map<string, Remembered<number>>>();
const yearsCache = new WeakMap<object, Remembered<Promise<number[]>>>();

/** What answered browse since the process started (the bench reports it). */
export const browseStats = {
  fromIndex: 0,
  fromDatabase: 0,
  countsRead: 0,
  countsRemembered: 0,
  cardsRead: 0,
  cardsRemembered: 0,
};

const fresh = <T>(hit: Remembered<T> | undefined, ttl: number): hit is Remembered<T> =>
  hit !== undefined && hit.generation === generation && Date.now() - hit.at < ttl;

/**
 * Forget remembered counts and years, so the next browse reads them afresh. Listing writes
 * here call it.
 */
export function forgetBrowseCaches(): void {
  generation += 1;
  for (const tell of forgetTellers) tell();
}

/** Who tells the other app processes when this one forgets (browse-cache-sync.ts). */
const forgetTellers = new Set<() => void>();

export function onBrowseCachesForgotten(tell: () => void): () => void {
  forgetTellers.add(tell);
  return () => void forgetTellers.delete(tell);
}

/** Another app process changed what browse shows: forget here, and tell no one. */
export function browseCachesForgottenElsewhere(): void {
  generation += 1;
}

/**
 * `readGeneration` is the generation when the value was read: had a write been forgotten
 * while the read was under way, the value may predate it and is stored already stale.
 */
function remember<K, T>(
  store: WeakMap<object, Map<K, Remembered<T>>>,
  db: DbOrTx,
  key: K,
  value: T,
  max: number,
  readGeneration: number,
) {
  let map = store.get(db);
  if (!map) store.set(db, (map = new Map()));
  map.delete(key);
  map.set(key, { at: Date.now(), generation: readGeneration, value });
  if (map.size <= max) return;
  // A Map iterates oldest first: drop the oldest tenth from the front, in one pass. (One at a
  // time, each pass would first step over every entry deleted before it, which a Map keeps
  // until it rehashes: measured as a tenth of a browse request's CPU once the cards were full.)
  let drop = map.size - Math.floor(max * 0.9);
  for (const oldest of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(oldest);
  }
}

function countKey(filters: BrowseFilters, cap: number): string {
  const f = filters;
  // Exactly what browseWhere reads, in a fixed order.
  return JSON.stringify([
    cap,
    f.q?.trim() || null,
    f.difficulty,
    f.condition,
    f.manufacturerId,
    f.artist?.trim() || null,
    f.year,
    f.minPieces,
    f.maxPieces,
    f.minPoints,
    f.maxPoints,
    f.completeOnly === true,
    f.location?.trim() || null,
    f.maxDistance,
    f.handover,
    f.origin ? [f.origin.latitude, f.origin.longitude] : null,
  ]);
}

// ---------------------------------------------------------------------------------------
// Statements

/** The ids of the page, pageSize + 1 of them, so that hasMore needs no count. */
export function browsePageStatement(query: BrowseQuestion): SQL {
  const offset = (query.page - 1) * query.pageSize;
  return browsePageIds(query, browseWhere(query), query.pageSize + 1, offset);
}

/**
 * How many listings match, counting no further than cap + 1. It walks the newest-first index
 * (or, for a rare word, sorts its few matches): with no order at all PostgreSQL would rather
 * read the table from the start until it has seen cap + 1 matches, which for a broad search
 * is a tenth of the table.
 */
export function browseCountStatement(filters: BrowseFilters, cap: number): SQL {
  return sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM puzzle_listings p WHERE ${browseWhere(filters)}
      ORDER BY ${browseOrderBy('newest')} LIMIT ${cap + 1}
    ) matches`;
}

/**
 * The suggestion vocabulary's words (runs of letters a-z of the lower-cased titles, artists and
 * maker names of the listings browse shows) that may be one slip from one of `sources`, with
 * how many listings have each: the SQL side of the 'Did you mean' (the index keeps the same
 * vocabulary). Only listings whose search text matches a slip pattern are split into words
 * (the trigram index finds them); chooseSuggestion keeps the true slips.
 */
export function slipCandidatesStatement(sources: string[]): SQL {
  const patterns = [...new Set(sources.flatMap(slipPatterns))];
  const near = sql.join(
    patterns.map((pattern) => sql`p.search_text LIKE ${`%${pattern}%`}`),
    sql` OR `,
  );
  return sql`SELECT w.word, count(DISTINCT p.id)::int AS listings
    FROM puzzle_listings p LEFT JOIN manufacturers mf ON mf.id = p.manufacturer_id
    CROSS JOIN LATERAL regexp_split_to_table(
      concat_ws(' ', lower(p.title), lower(p.artist), lower(mf.name)), '[^a-z]+') AS w(word)
    WHERE p.status = 'active' AND ${ownerInBrowse} AND (${near})
      AND w.word LIKE ANY (${`{${patterns.join(',')}}`}::text[])
    GROUP BY w.word`;
}

/** The 'Did you mean' word for a search, from the database (when no index is current). */
export async function databaseSuggestion(db: DbOrTx, q: string | undefined): Promise<string | null> {
  const word = suggestableWord(q);
  if (word === null) return null;
  const rows = await queryRows<{ word: string; listings: number }>(db, slipCandidatesStatement(slipSources(word)));
  return chooseSuggestion(
    word,
    rows.map((r) => [r.word, Number(r.listings)] as const),
  );
}

/**
 * A search that found nothing may be a slip of the keyboard: the word one letter away that
 * browse's puzzles have (docs/decisions/0023), from the index when it is current.
 */
async function suggestionFor(db: DbOrTx, q: string | undefined, index: BrowseIndex | null): Promise<string | null> {
  if (suggestableWord(q) === null) return null;
  return index !== null ? index.suggest(q) : databaseSuggestion(db, q);
}

/** The owners' points of these listings (for the cards' miles; never sent). */
export function ownerPointsStatement(ids: number[]): SQL {
  return sql`SELECT p.id, u.latitude, u.longitude FROM puzzle_listings p JOIN users u ON u.id = p.user_id
    WHERE p.id = ANY(${intArray(ids)}) AND u.latitude IS NOT NULL`;
}

/**
 * Whole miles from the origin to each listing's owner, for those whose owner has a point: from
 * the index's owner facts when it is current, else read.
 */
async function distancesFrom(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  origin: GeoPoint,
  ids: number[],
  index: BrowseIndex | null,
): Promise<Map<number, number>> {
  const fromIndex = index === null ? null : ids.map((id) => ({ id, point: index.ownerPoint(id) }));
  const rows =
    fromIndex !== null
      ? fromIndex.flatMap(({ id, point }) => (point ? [{ id, ...point }] : []))
      : await queryFixedPlan<{ id: number; latitude: number; longitude: number }>(db, pool, ownerPointsStatement(ids));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      wholeMiles(greatCircleMiles(origin, { latitude: Number(r.latitude), longitude: Number(r.longitude) })),
    ]),
  );
}

export function favoriteIdsStatement(viewerId: number, ids: number[]): SQL {
  return sql`SELECT f.puzzle_listing_id AS id FROM favorites f
    WHERE f.user_id = ${viewerId} AND f.puzzle_listing_id = ANY(${intArray(ids)})`;
}

// ---------------------------------------------------------------------------------------

/**
 * The total for 'Showing X of Y': on the last page, everything before it plus what it holds
 * (exact, even beyond the cap); otherwise the number of matches, capped. `count` is asked
 * only when the page cannot tell.
 */
async function browseTotal(
  query: BrowseQuery,
  ids: number[],
  cap: number,
  count: () => number | Promise<number>,
): Promise<{ total: number; totalIsCapped: boolean }> {
  const offset = (query.page - 1) * query.pageSize;
  if (ids.length <= query.pageSize && (ids.length > 0 || offset === 0)) {
    return { total: offset + ids.length, totalIsCapped: false };
  }
  const n = await count();
  return { total: Math.min(n, cap), totalIsCapped: n > cap };
}

/** How many listings match (up to cap + 1), remembered for COUNT_TTL_MS. */
async function countMatches(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  filters: BrowseFilters,
  cap: number,
  readGeneration: number,
): Promise<number> {
  const key = countKey(filters, cap);
  const hit = counts.get(db)?.get(key);
  if (fresh(hit, COUNT_TTL_MS)) {
    browseStats.countsRemembered++;
    return hit.value;
  }
  browseStats.countsRead++;
  const [row] = await queryValueSensitive<{ n: number }>(
    db,
    pool,
    () => browseCountStatement(filters, cap),
    `count:${key}`,
  );
  const n = Number(row?.n ?? 0);
  remember(counts, db, key, n, COUNT_ENTRIES_MAX, readGeneration);
  return n;
}

/**
 * The cards of these listings: those held beside a current index from there, the others read
 * (and held, when there is an index).
 */
async function cardsFor(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  ids: number[],
  held: BrowseCards | null,
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const missing: number[] = [];
  for (const id of ids) {
    const card = held?.get(id);
    if (card !== undefined) found.set(id, card);
    else missing.push(id);
  }
  browseStats.cardsRemembered += found.size;
  browseStats.cardsRead += missing.length;
  if (missing.length > 0) {
    const epoch = held?.epoch ?? 0;
    const rows = await readCards(db, pool, missing);
    for (const row of rows) found.set(row.id, row.card);
    held?.keep(rows, epoch);
  }
  return found;
}

/**
 * The page's ids (pageSize + 1 of them, so that hasMore needs no count) and its total: from
 * the in-memory index when it is current and can answer the question exactly, otherwise from
 * the database.
 */
async function pageAndTotal(
  db: DbOrTx,
  query: BrowseQuestion,
  cap: number,
  pool: pg.Pool | undefined,
): Promise<{
  ids: number[];
  total: number;
  totalIsCapped: boolean;
  cards: BrowseCards | null;
  index: BrowseIndex | null;
}> {
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const current = await currentBrowse(db, pool);
  const cards = current?.cards ?? null;
  const index = current?.index ?? null;
  const answer = current?.index.answer(query, pageSize + 1, offset, cap + 1) ?? null;
  if (answer !== null) {
    browseStats.fromIndex++;
    return { ids: answer.ids, cards, index, ...(await browseTotal(query, answer.ids, cap, () => answer.matches)) };
  }
  browseStats.fromDatabase++;
  const readGeneration = generation;
  const ids = (
    await queryValueSensitive<{ id: number }>(
      db,
      pool,
      () => browsePageStatement(query),
      `page:${JSON.stringify([countKey(query, 0), query.sort, page, pageSize])}`,
    )
  ).map((r) => Number(r.id));
  return {
    ids,
    cards,
    index,
    ...(await browseTotal(query, ids, cap, () => countMatches(db, pool, query, cap, readGeneration))),
  };
}

/** One page of active listings, the filters and sorts of docs/product/listings.md#browse-filters applied. */
export async function browseListings(
  db: DbOrTx,
  query: BrowseQuestion,
  viewerId: number | null,
  options: { countCap?: number; pool?: pg.Pool } = {},
): Promise<BrowsePage> {
  const cap = options.countCap ?? BROWSE_COUNT_CAP;
  const { page, pageSize } = query;
  const { ids, total, totalIsCapped, cards, index } = await pageAndTotal(db, query, cap, options.pool);
  const pageIds = ids.slice(0, pageSize);

  const [cardById, favorites, suggestion, distances] = await Promise.all([
    cardsFor(db, options.pool, pageIds, cards),
    viewerId === null || pageIds.length === 0
      ? Promise.resolve(null)
      : queryFixedPlan<{ id: number }>(db, options.pool, favoriteIdsStatement(viewerId, pageIds)).then(
          (rows) => new Set(rows.map((r) => Number(r.id))),
        ),
    total === 0 ? suggestionFor(db, query.q, index) : null,
    query.origin && pageIds.length > 0 ? distancesFrom(db, options.pool, query.origin, pageIds, index) : null,
  ]);

  // A listing deleted between the statements has no card: it is simply left out.
  const items: string[] = [];
  for (const id of pageIds) {
    const card = cardById.get(id);
    if (card === undefined) continue;
    // Cards end with '}': the viewer's favourite flag and the distance go in before it.
    const miles = distances?.get(id);
    const extra =
      (favorites === null ? '' : `,"isFavorite":${favorites.has(id)}`) +
      (miles === undefined ? '' : `,"distanceMiles":${miles}`);
    items.push(extra === '' ? card : `${card.slice(0, -1)}${extra}}`);
  }
  return {
    itemsJson: `[${items.join(',')}]`,
    total,
    totalIsCapped,
    hasMore: ids.length > pageSize,
    page,
    pageSize,
    ...(suggestion !== null && { suggestion }),
  };
}

// ---------------------------------------------------------------------------------------

/**
 * The 10 most recent distinct years among the listings browse shows (active, their owner not
 * suspended nor away: a year only a suspended member's puzzles have would offer an empty choice),
 * newest first, by a loose index scan (one probe of the year-newest index per year instead
 * of reading every listing).
 */
export const activeListingYearsStatement = sql`WITH RECURSIVE years AS (
    (SELECT p.year_of_manufacture AS year FROM puzzle_listings p
      WHERE p.status = 'active' AND p.year_of_manufacture IS NOT NULL AND ${ownerInBrowse}
      ORDER BY p.year_of_manufacture DESC NULLS LAST, p.id DESC LIMIT 1)
    UNION ALL
    SELECT (SELECT p.year_of_manufacture FROM puzzle_listings p
            WHERE p.status = 'active' AND p.year_of_manufacture < years.year AND ${ownerInBrowse}
            ORDER BY p.year_of_manufacture DESC NULLS LAST, p.id DESC LIMIT 1)
    FROM years WHERE years.year IS NOT NULL
  )
  SELECT year FROM years WHERE year IS NOT NULL LIMIT ${YEAR_FILTER_MAX_YEARS}`;

/** The year list (activeListingYearsStatement). */
export async function activeListingYears(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ year: number }>(db, activeListingYearsStatement);
  return rows.map((r) => Number(r.year));
}

/** activeListingYears, remembered per database for YEARS_TTL_MS. */
export function cachedActiveListingYears(db: DbOrTx): Promise<number[]> {
  const hit = yearsCache.get(db);
  if (fresh(hit, YEARS_TTL_MS)) return hit.value;
  const years = activeListingYears(db);
  yearsCache.set(db, { at: Date.now(), generation, value: years });
  years.catch(() => yearsCache.delete(db));
  return years;
}

// ---------------------------------------------------------------------------------------

/**
 * What members usually ask for a puzzle of this size (GET /api/puzzle-listings/points-guide,
 * docs/decisions/0024): the live listings browse shows in the band of the points scale, and
 * the middle value of their points. The pieces range is read through
 * puzzle_listings_active_pieces_idx (active listings by pieces); the answer changes slowly,
 * so each band's is remembered for GUIDE_TTL_MS (and forgotten on a listing write, as the
 * years are): at most one read per band a minute.
 */
export const usualPointsStatement = (band: PointsBand) => sql`SELECT count(*)::int AS listings,
    round((percentile_cont(0.5) WITHIN GROUP (ORDER BY p.puzzle_points))::numeric)::int AS middle
  FROM puzzle_listings p
  WHERE p.status = 'active' AND p.pieces BETWEEN ${band.minPieces} AND ${band.maxPieces} AND ${ownerInBrowse}`;

const GUIDE_TTL_MS = 60_000;
type BandAnswer = { listingCount: number; usualPoints: number | null };
const guideCache = new WeakMap<object, Map<number, Remembered<Promise<BandAnswer>>>>();

async function readBand(db: DbOrTx, band: PointsBand): Promise<BandAnswer> {
  const [row] = await queryRows<{ listings: number; middle: number | null }>(db, usualPointsStatement(band));
  const listingCount = Number(row?.listings ?? 0);
  const middle = row?.middle ?? null;
  return {
    listingCount,
    usualPoints: listingCount >= USUAL_POINTS_MIN_LISTINGS && middle !== null ? Number(middle) : null,
  };
}

/** The points guide for a puzzle of `pieces` pieces: the scale's suggestion and the band's habit. */
export async function pointsGuide(db: DbOrTx, pieces: number): Promise<PointsGuide> {
  const band = pointsBand(pieces);
  let answers = guideCache.get(db);
  if (!answers) guideCache.set(db, (answers = new Map()));
  let hit = answers.get(band.minPieces);
  if (!fresh(hit, GUIDE_TTL_MS)) {
    const value = readBand(db, band);
    hit = { at: Date.now(), generation, value };
    answers.set(band.minPieces, hit);
    const remembered = answers;
    value.catch(() => remembered.delete(band.minPieces));
  }
  const { listingCount, usualPoints } = await hit.value;
  return {
    pieces,
    suggestedPoints: band.points,
    minPieces: band.minPieces,
    maxPieces: band.maxPieces,
    listingCount,
    usualPoints,
  };
}
