import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '../../src/domain/constants';
import { browseQuerySchema } from '../../src/domain/browse';
import { queryRows } from '../../src/server/db/client';
import { loadBrowseIndex } from '../../src/server/listings/browse-index-sync';
import {
  activeListingYearsStatement,
  browseCountStatement,
  browsePageStatement,
  favoriteIdsStatement,
  listingCardsStatement,
  browseStats,
} from '../../src/server/listings/browse-repository';
import { loadBenchData } from '../../scripts/bench/load-data';
import { SHAPES } from '../../scripts/bench/shapes';
import { buildTestApp, type TestApp } from '../support/build-app';

// Browse must be answered from indexes, never by reading the listings table through (issue 5).
// Checked on PostgreSQL, whose planner decides what a production club gets, with enough
// listings (and fresh statistics) for its choices to be the real ones. The embedded database
// runs the same SQL with the same indexes.

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const LISTINGS = 10_000;

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  await loadBenchData(t.database.db, LISTINGS, () => {});
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function explain(statement: Parameters<PgDialect['sqlToQuery']>[0]): Promise<string> {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  const rows = (await t.database.pool!.query(`EXPLAIN ${text}`, params)).rows as Array<{ 'QUERY PLAN': string }>;
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The page statement's plan, then the count statement's (run when no count is remembered). */
async function plan(params: string): Promise<string> {
  const query = browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(params)));
  return `${await explain(browsePageStatement(query))}\n-- count --\n${await explain(browseCountStatement(query, 1000))}`;
}

// The shapes the bench holds to its budget (the informational ones are documented as slower).
const benchShapes = SHAPES.filter((s) => s.budget).map((s) => s.path.split('?')[1] ?? '');

describe('browse query plans (PostgreSQL)', () => {
  it.skipIf(!onPostgres).each(benchShapes)('bench shape "%s" uses indexes only', async (params) => {
    const text = await plan(params);
    expect(text).not.toContain('Seq Scan on puzzle_listings');
    expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  });

  it.skipIf(!onPostgres).each(SORT_OPTIONS.filter((s) => s !== 'manufacturer' && s !== 'distance'))(
    'sort %s reads its own index in order, sorting nothing',
    async (sort) => {
      const text = await plan(`sort=${sort}`);
      expect(text).not.toContain('Seq Scan on puzzle_listings');
      // The page itself comes straight off an index: no sort of the listings table.
      const pagePart = text.split('-- count --')[0]!;
      expect(pagePart).toMatch(/Index (Only )?Scan( Backward)? using puzzle_listings_active_\w+ on puzzle_listings p/);
      expect(pagePart).not.toContain('Sort');
    },
  );

  it.skipIf(!onPostgres)('manufacturer order merges each manufacturer’s own index', async () => {
    const text = await plan('sort=manufacturer');
    expect(text).not.toContain('Seq Scan on puzzle_listings');
    expect(text).toContain('puzzle_listings_active_manufacturer_id_idx');
  });

  it.skipIf(!onPostgres)('the cards are built from primary-key lookups', async () => {
    const ids = (await t.database.pool!.query('SELECT id FROM puzzle_listings ORDER BY id DESC LIMIT 24')).rows.map(
      (r: { id: number }) => r.id,
    );
    const explained = await explain(listingCardsStatement(ids));
    expect(explained).not.toMatch(/Seq Scan on (puzzle_listings|users)/);
    expect(explained).toContain('puzzle_listings_pkey');
  });

  it.skipIf(!onPostgres)('the year list is a handful of index probes', async () => {
    const text = await explain(activeListingYearsStatement);
    expect(text).not.toContain('Seq Scan on puzzle_listings');
    expect(text).toContain('puzzle_listings_active_year_newest_idx');
  });
});

// Issue 15: plans must be good without a manual ANALYZE (a club that just grew by thousands of
// listings, before autovacuum has been round). Browse's questions are answered by the
// in-memory index, which needs no planner; what browse still asks PostgreSQL on every request
// (the cards, a member's favourites, the year list, the index's changes; and its version, a
// one-row table) is read by key.
describe('browse without planner statistics (PostgreSQL)', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    if (!onPostgres) return;
    fresh = await buildTestApp();
    // Autovacuum would analyze the table within a minute or so: not before these tests look.
    await fresh.database.db.execute(sql`ALTER TABLE puzzle_listings SET (autovacuum_enabled = false)`);
    await loadBenchData(fresh.database.db, LISTINGS, () => {}, { analyze: false });
    await loadBrowseIndex(fresh.database.db);
  }, 180_000);
  afterAll(async () => {
    await fresh?.close();
  });

  const explainFresh = async (statement: Parameters<PgDialect['sqlToQuery']>[0]) => {
    const { sql: text, params } = new PgDialect().sqlToQuery(statement);
    const rows = (await fresh.database.pool!.query(`EXPLAIN ${text}`, params)).rows as Array<{ 'QUERY PLAN': string }>;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };

  it.skipIf(!onPostgres)('has no statistics to go by', async () => {
    const [row] = await queryRows<{ analyzed: boolean }>(
      fresh.database.db,
      sql`SELECT (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL) AS analyzed
        FROM pg_stat_user_tables WHERE relname = 'puzzle_listings'`,
    );
    expect(row!.analyzed).toBe(false);
  });

  it.skipIf(!onPostgres).each(SHAPES.filter((s) => s.path.includes('puzzle-listings')).map((s) => s.path))(
    '%s is answered by the index',
    async (path) => {
      const before = browseStats.fromIndex;
      const res = await fresh.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(browseStats.fromIndex).toBe(before + 1);
    },
  );

  it.skipIf(!onPostgres)('every statement of a browse request reads by key', async () => {
    const ids = (await fresh.database.pool!.query('SELECT id FROM puzzle_listings ORDER BY id DESC LIMIT 24')).rows.map(
      (r: { id: number }) => r.id,
    );
    const cards = await explainFresh(listingCardsStatement(ids));
    expect(cards).toContain('puzzle_listings_pkey');
    expect(cards).not.toMatch(/Seq Scan on (puzzle_listings|users)/);
    const favourites = await explainFresh(favoriteIdsStatement(1, ids));
    expect(favourites).toMatch(/Index (Only )?Scan using favorites_user_listing_unique/);
    const years = await explainFresh(activeListingYearsStatement);
    expect(years).toContain('puzzle_listings_active_year_newest_idx');
    expect(years).not.toContain('Seq Scan on puzzle_listings');
    const changes = await explainFresh(
      sql`SELECT listing_id FROM browse_index_changes WHERE version > ${1} AND version <= ${2}`,
    );
    expect(changes).toContain('browse_index_changes_version_idx');
  });
});
