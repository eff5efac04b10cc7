import { sql, type SQL } from 'drizzle-orm';
import type { SortOption } from '../../domain/constants';
import { searchForms } from '../../domain/forgiving-search';
import { textLocation, yearGroupRange, type BrowseFilters, type BrowseQuery } from '../../domain/browse';
import { boundingBox, EARTH_RADIUS_MILES, type GeoPoint } from '../../domain/near';
import { suspendedSql } from '../members/suspension-sql';
import { awaySql } from '../members/away-sql';

// The browse semantics of docs/product/listings.md#browse-filters as SQL over `puzzle_listings p`. The reference is
// matchesBrowseFilters / compareListings in src/domain/browse.ts; tests/api/browse.test.ts
// compares the two on a fixture that covers every filter's edges. Every condition is
// written so that one of the partial (status = 'active') indexes of migrations 0001 and
// 0004 can answer it; EXPLAIN is checked in tests/api/browse-plans.test.ts.

/** `LIKE` pattern text with its own wildcards taken literally (backslash is LIKE's escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive substring test on an already lower-cased column expression. */
function containsLower(lowerColumn: SQL, needle: string): SQL {
  // lower() in SQL, as the search_text trigger does, so both sides fold case alike.
  return sql`${lowerColumn} LIKE '%' || lower(${escapeLike(needle)}) || '%'`;
}

/** Upper case without spaces: 'hg1 2ab' -> 'HG12AB'. */
export function normalisePostcode(text: string): string {
  return text.toUpperCase().replace(/\s+/g, '');
}

/**
 * Location (docs/product/listings.md#location, issue 5): the owner's town or city contains the text
 * (case-insensitive), or the text is the owner's postcode area ('HG') or outward code ('HG1',
 * spaces ignored). A UK inward code is always 3 characters, so the outward code is the
 * normalised postcode minus its last 3. The whole postcode never matches: a public search
 * that answered 'HG1 2AB' would let anyone test a member's exact address street by street
 * (a postcode covers about 15 homes). Owners who chose not to show their location
 * (member_profiles.show_location = false) never match, or the filter would reveal what their
 * listing hides.
 */
function locationCondition(location: string): SQL {
  const code = normalisePostcode(location);
  const postcodeMatch = /^[A-Z0-9]{1,8}$/.test(code) ? sql` OR o.area = ${code} OR o.outward = ${code}` : sql``;
  // The owners who match, then their listings: the array is computed once, before any
  // listing is read.
  return sql`p.user_id = ANY (ARRAY(
    SELECT o.id FROM ${ownerLocations()} o
    WHERE o.shown AND (${containsLower(sql`o.town`, location)}${postcodeMatch})))`;
}

/**
 * Members' locations as the Location filter reads them (also loaded by browse-index-sync):
 * id, lower(town), the postcode area and outward code of the normalised postcode (upper case,
 * no whitespace; NULL when there is none), and whether they show their location. `members`
 * narrows which users (default all); OFFSET 0 normalises each postcode once.
 */
export function ownerLocations(members: SQL = sql`true`): SQL {
  return sql`(
    SELECT n.id, n.town, n.shown,
      CASE WHEN n.code <> '' THEN substring(n.code from '^[A-Z]+') END AS area,
      CASE WHEN length(n.code) > 3 THEN left(n.code, length(n.code) - 3) END AS outward
    FROM (
      SELECT ou.id, lower(ou.town_or_city) AS town, omp.show_location IS NOT FALSE AS shown,
        upper(regexp_replace(coalesce(ou.postcode, ''), '\\s', '', 'g')) AS code
      FROM users ou LEFT JOIN member_profiles omp ON omp.user_id = ou.id
      WHERE ${members} OFFSET 0
    ) n
  )`;
}

/**
 * A suspended member's listings leave browse while the suspension lasts (docs/product/administration.md#suspensions), and
 * come back by themselves when one with an end date runs out. The suspended members are
 * read once per statement (an InitPlan over a partial index holding only them), and each
 * listing is then filtered by its owner id: every sort keeps its own index's order
 * (tests/api/browse-plans.test.ts), where a per-row NOT EXISTS made the planner give up the
 * manufacturer order's index.
 */
export const ownerNotSuspended = sql`p.user_id <> ALL (ARRAY(SELECT su.id FROM users su WHERE ${suspendedSql(sql`su`)}))`;

/**
 * An away member's listings leave browse while they are away (docs/product/trust.md#away), in
 * the same shape: the members away now are read once per statement (users_away_idx holds only
 * those with a time away set), and they come back by themselves when it ends. Their own
 * pages, member page and favourites still show them.
 */
export const ownerNotAway = sql`p.user_id <> ALL (ARRAY(SELECT au.id FROM users au WHERE ${awaySql(sql`au`)}))`;

/** Browse's owner rule: the owner is neither suspended nor away now. */
export const ownerInBrowse = sql`${ownerNotSuspended} AND ${ownerNotAway}`;

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * Miles from `origin` to the point in these columns: greatCircleMiles of src/domain/near.ts
 * term for term (same constants, same order of operations), so SQL and the in-memory index
 * keep exactly the same listings at the edge of a distance.
 */
export function distanceMilesSql(origin: GeoPoint, latitude: SQL, longitude: SQL): SQL {
  const rad = sql`${RADIANS_PER_DEGREE}::float8`;
  const dLat = sql`((${latitude} - ${origin.latitude}::float8) * ${rad})`;
  const dLon = sql`((${longitude} - ${origin.longitude}::float8) * ${rad})`;
  const sinLat = sql`sin(${dLat} / 2)`;
  const sinLon = sql`sin(${dLon} / 2)`;
  const h = sql`(${sinLat} * ${sinLat} + cos(${origin.latitude}::float8 * ${rad}) * cos(${latitude} * ${rad}) * ${sinLon} * ${sinLon})`;
  return sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(${h}))))`;
}

/**
 * Max Distance (docs/product/near-me.md#browse-by-distance): the owners whose point is
 * within the miles of the origin (a latitude/longitude box first, which users_point_idx answers,
 * then the exact distance), then their listings, as locationCondition does.
 */
function distanceCondition(origin: GeoPoint, miles: number): SQL {
  const box = boundingBox(origin, miles);
  return sql`p.user_id = ANY (ARRAY(
    SELECT du.id FROM users du
    WHERE du.latitude BETWEEN ${box.minLatitude}::float8 AND ${box.maxLatitude}::float8
      AND du.longitude BETWEEN ${box.minLongitude}::float8 AND ${box.maxLongitude}::float8
      AND ${distanceMilesSql(origin, sql`du.latitude`, sql`du.longitude`)} <= ${miles}::float8))`;
}

/** The WHERE clause (without the keyword) for active listings matching the filters. */
export function browseWhere(filters: BrowseFilters & { sort?: SortOption }): SQL {
  const f = filters;
  const conditions: SQL[] = [sql`p.status = 'active'`, ownerNotSuspended, ownerNotAway];
  const q = f.q?.trim();
  if (q) {
    // The search, or the other number of its last word (docs/decisions/0023-forgiving-search.md).
    const forms = searchForms(q).map((form) => containsLower(sql`p.search_text`, form));
    conditions.push(forms.length === 1 ? forms[0]! : sql`(${sql.join(forms, sql` OR `)})`);
  }
  if (f.difficulty !== undefined) conditions.push(sql`p.difficulty = ${f.difficulty}`);
  if (f.condition !== undefined) conditions.push(sql`p.condition = ${f.condition}`);
  if (f.manufacturerId !== undefined) conditions.push(sql`p.manufacturer_id = ${f.manufacturerId}`);
  const artist = f.artist?.trim();
  // A listing without an artist has NULL here and never matches (docs/product/listings.md#browse-filters).
  if (artist) conditions.push(containsLower(sql`lower(p.artist)`, artist));
  if (f.year !== undefined) {
    // A listing without a year compares as NULL and is left out (docs/product/listings.md#browse-filters).
    const { min, max } = yearGroupRange(f.year);
    if (min !== undefined) conditions.push(sql`p.year_of_manufacture >= ${min}`);
    if (max !== undefined) conditions.push(sql`p.year_of_manufacture <= ${max}`);
  }
  if (f.minPieces !== undefined) conditions.push(sql`p.pieces >= ${f.minPieces}`);
  if (f.maxPieces !== undefined) conditions.push(sql`p.pieces <= ${f.maxPieces}`);
  if (f.minPoints !== undefined) conditions.push(sql`p.puzzle_points >= ${f.minPoints}`);
  if (f.maxPoints !== undefined) conditions.push(sql`p.puzzle_points <= ${f.maxPoints}`);
  if (f.completeOnly === true) conditions.push(sql`p.missing_pieces = 0`);
  const location = textLocation(f);
  if (location) conditions.push(locationCondition(location));
  if (f.handover === 'in_person') conditions.push(sql`p.handover <> 'post'`);
  if (f.maxDistance !== undefined) {
    // No origin: the route has refused the question before it gets here; keep nothing.
    conditions.push(f.origin ? distanceCondition(f.origin, f.maxDistance) : sql`false`);
  }
  return sql.join(conditions, sql` AND `);
}

type SortKey = { expression: SQL; descending: boolean; nullsLast?: boolean };

/**
 * Sort keys in compareListings' order. The expressions match the index definitions of
 * migration 0004 exactly (PostgreSQL only uses an index whose expression is identical).
 * 'manufacturer' reads `mr.name_key`; see browsePageIds.
 */
function sortKeys(sort: SortOption, origin?: GeoPoint): SortKey[] {
  const idDesc: SortKey = { expression: sql`p.id`, descending: true };
  const listedAt = sql`coalesce(p.published_at, p.created_at)`;
  const title = sql`(lower(p.title) COLLATE "C")`;
  switch (sort) {
    case 'newest':
      return [{ expression: listedAt, descending: true }, idDesc];
    case 'oldest':
      return [
        { expression: listedAt, descending: false },
        { expression: sql`p.id`, descending: false },
      ];
    case 'title-asc':
      return [{ expression: title, descending: false }, idDesc];
    case 'title-desc':
      return [{ expression: title, descending: true }, idDesc];
    case 'pieces-asc':
      return [{ expression: sql`p.pieces`, descending: false }, idDesc];
    case 'pieces-desc':
      return [{ expression: sql`p.pieces`, descending: true }, idDesc];
    case 'points-asc':
      return [{ expression: sql`p.puzzle_points`, descending: false }, idDesc];
    case 'points-desc':
      return [{ expression: sql`p.puzzle_points`, descending: true }, idDesc];
    case 'manufacturer':
      return [{ expression: sql`mr.name_key`, descending: false, nullsLast: true }, idDesc];
    case 'year-newest':
      return [{ expression: sql`p.year_of_manufacture`, descending: true, nullsLast: true }, idDesc];
    case 'year-oldest':
      return [{ expression: sql`p.year_of_manufacture`, descending: false, nullsLast: true }, idDesc];
    case 'distance': {
      // The owner's distance (owners without a point last); no index is in this order, so
      // the SQL path sorts the matches (the in-memory index answers it when current).
      const miles = origin
        ? sql`(SELECT ${distanceMilesSql(origin, sql`du.latitude`, sql`du.longitude`)} FROM users du WHERE du.id = p.user_id)`
        : sql`NULL::float8`;
      return [{ expression: miles, descending: false, nullsLast: true }, idDesc];
    }
  }
}

/**
 * ORDER BY for a page. With `alias`, the keys are read from a subquery's output columns
 * sort_0, sort_1 (see browsePageIds), to re-apply the order after the page is chosen.
 */
export function browseOrderBy(sort: SortOption, alias?: string, origin?: GeoPoint): SQL {
  const keys = sortKeys(sort, origin).map((key, i) => {
    const expression = alias ? sql.raw(`${alias}.sort_${i}`) : key.expression;
    // Spelled out: DESC alone means NULLS FIRST, ASC alone NULLS LAST.
    const nulls = key.nullsLast ? sql` NULLS LAST` : key.descending ? sql` NULLS FIRST` : sql``;
    return sql`${expression} ${key.descending ? sql`DESC` : sql`ASC`}${nulls}`;
  });
  return sql.join(keys, sql`, `);
}

/**
 * The page: `id, sort_0, sort_1` of the matching active listings `limit` from `offset`, in
 * the sort's order, read off that sort's index.
 *
 * The manufacturer's name lives in another table, so no index of puzzle_listings is in
 * that order. Instead each manufacturer's first offset + limit matches (newest id first,
 * from the (manufacturer_id, id) index) are merged by name, plus those without a
 * manufacturer last: the same rows as sorting every listing, at a few dozen index probes.
 */
export function browsePageIds(
  query: BrowseQuery & { origin?: GeoPoint },
  where: SQL,
  limit: number,
  offset: number,
): SQL {
  const { sort, origin } = query;
  if (sort !== 'manufacturer') {
    const columns = sql.join(
      sortKeys(sort, origin).map((key, i) => sql`${key.expression} AS ${sql.raw(`sort_${i}`)}`),
      sql`, `,
    );
    return sql`SELECT p.id, ${columns} FROM puzzle_listings p WHERE ${where}
      ORDER BY ${browseOrderBy(sort, undefined, origin)} LIMIT ${limit} OFFSET ${offset}`;
  }
  const depth = offset + limit;
  return sql`SELECT x.id, x.sort_0, x.sort_1 FROM (
      SELECT p.id, mr.name_key AS sort_0, p.id AS sort_1
      FROM (SELECT mf.id, (lower(mf.name) COLLATE "C") AS name_key FROM manufacturers mf) mr
      CROSS JOIN LATERAL (
        SELECT p.id FROM puzzle_listings p WHERE p.manufacturer_id = mr.id AND ${where}
        ORDER BY p.id DESC LIMIT ${depth}
      ) p
      UNION ALL
      SELECT p.id, NULL, p.id FROM (
        SELECT p.id FROM puzzle_listings p WHERE p.manufacturer_id IS NULL AND ${where}
        ORDER BY p.id DESC LIMIT ${depth}
      ) p
    ) x
    ORDER BY ${browseOrderBy(sort, 'x')} LIMIT ${limit} OFFSET ${offset}`;
}
