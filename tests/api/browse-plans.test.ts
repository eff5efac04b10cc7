import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '../../src/domain/constants';
import { browseQuerySchema } from '../../src/domain/listings';
import { queryRows } from '../../src/server/db/client';
import {
  browseCountStatement,
  browsePageStatement,
  listingCardsStatement,
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

  it.skipIf(!onPostgres).each(SORT_OPTIONS.filter((s) => s !== 'manufacturer'))(
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
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      t.database.db,
      sql`EXPLAIN WITH RECURSIVE years AS (
        (SELECT year_of_manufacture AS year FROM puzzle_listings
          WHERE status = 'active' AND year_of_manufacture IS NOT NULL
          ORDER BY year_of_manufacture DESC NULLS LAST, id DESC LIMIT 1)
        UNION ALL
        SELECT (SELECT l.year_of_manufacture FROM puzzle_listings l
                WHERE l.status = 'active' AND l.year_of_manufacture < years.year
                ORDER BY l.year_of_manufacture DESC NULLS LAST, l.id DESC LIMIT 1)
        FROM years WHERE years.year IS NOT NULL)
      SELECT year FROM years WHERE year IS NOT NULL LIMIT 10`,
    );
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).not.toContain('Seq Scan on puzzle_listings');
    expect(text).toContain('puzzle_listings_active_year_newest_idx');
  });
});
