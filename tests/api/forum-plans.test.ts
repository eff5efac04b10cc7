import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPage } from '../../src/server/community/community-repository';
import type { SearchWay } from '../../src/server/community/search-word-counts';
import type { DbOrTx } from '../../src/server/db/client';
import { memberContent } from '../../src/server/stats/stats-repository';
import { buildTestApp, type TestApp } from '../support/build-app';

// The forum's lists must come off indexes, never by reading every post (issue 11; figures in
// docs/performance.md, 'The forum'). Checked on PostgreSQL, whose planner decides what a
// production club gets, with enough posts and fresh statistics for its choices to be real.
// Each statement is the one our code builds (captured instead of run), explained on the pool.

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
// The bench's size and length of post (real posts are longer): with fewer or shorter posts
// the planner may price reading them all under a trigram look-up, a few milliseconds at most
// at that size.
const POSTS = 10_000;

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  await t.database.db.execute(sql`
    INSERT INTO community_posts (title, content, category, is_pinned, last_activity_at, created_at)
    SELECT 'Harbour thoughts, number ' || g,
           'I have been working on a coastal puzzle and wondered what others think of the sky '
             || 'pieces. I sorted the edges first, then the boats. Any tips are welcome, number ' || g,
           (ARRAY['general','tips','showcase','help'])[1 + g % 4], g % 500 = 0,
           now() - (g % 5000) * interval '1 minute', now() - g * interval '1 minute'
      FROM generate_series(1, ${POSTS}) g`);
  // As autovacuum would: statistics, and the trigram index's pending list merged (ANALYZE alone
  // leaves it, and the planner rightly prices a long pending list above reading the table).
  await t.database.db.execute(sql`VACUUM ANALYZE community_posts`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The statement `run` sends to the database, captured rather than run. */
async function statementOf(run: (db: DbOrTx) => Promise<unknown>): Promise<SQL> {
  let captured: SQL | undefined;
  const capture = { execute: async (q: SQL) => ((captured = q), { rows: [] }) } as unknown as DbOrTx;
  await run(capture);
  if (!captured) throw new Error('nothing was sent');
  return captured;
}

async function explain(statement: SQL): Promise<string> {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  const rows = (await t.database.pool!.query(`EXPLAIN ${text}`, params)).rows as Array<{ 'QUERY PLAN': string }>;
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const member = { id: 1, isAdmin: false };
const pagePlan = (query: Parameters<typeof postPage>[3], way?: SearchWay) =>
  statementOf((db) => postPage(db, undefined, member, query, way)).then(explain);

describe('forum query plans (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('a page of all posts or one category walks its list index', async () => {
    for (const query of [{ page: 1 }, { page: 5 }, { category: 'tips' as const, page: 3 }]) {
      const plan = await pagePlan(query);
      expect(plan).not.toContain('Seq Scan on community_posts');
      expect(plan).toMatch(/Index (Only )?Scan using community_posts_(visible_)?(category_)?list_idx/);
    }
  });

  it.skipIf(!onPostgres)('a search walks the list or looks its word up in the category and trigram index', async () => {
    for (const category of [undefined, 'help' as const]) {
      const walk = await pagePlan({ q: 'harbour', category, page: 2 }, 'walk');
      expect(walk).not.toContain('Seq Scan on community_posts');
      expect(walk).toMatch(/Index Scan using community_posts_(category_)?list_idx/);
      const index = await pagePlan({ q: 'xylophone', category, page: 1 }, 'index');
      expect(index).not.toContain('Seq Scan on community_posts');
      expect(index).toContain('Bitmap Index Scan on community_posts_category_search_text_idx');
    }
  });

  it.skipIf(!onPostgres)("the member home's latest posts are the top of the newest-first index", async () => {
    const plan = await explain(await statementOf((db) => memberContent(db)));
    expect(plan).not.toContain('Seq Scan on community_posts');
    expect(plan).toContain('community_posts_created_idx');
  });
});
