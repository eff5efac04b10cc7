import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '../../src/domain/constants';
import { browseQuerySchema, type BrowseQuery } from '../../src/domain/browse';
import { queryRows } from '../../src/server/db/client';
import { manufacturers, users } from '../../src/server/db/schema';
import { runInTransaction } from '../../src/server/db/transaction';
import { currentBrowseIndex, loadBrowseIndex } from '../../src/server/listings/browse-index-sync';
import {
  browseCountStatement,
  browseListings,
  browsePageStatement,
  browseStats,
  databaseSuggestion,
} from '../../src/server/listings/browse-repository';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember } from '../support/factories';

// Issue 22 point 6, a search that forgives (docs/decisions/0023-forgiving-search.md), on both
// databases: a plural or singular finds the other number ('cottages' finds 'Rose Cottage'),
// and a one-word search that finds nothing answers a word one letter away that titles,
// artists or makers have ('cotage': suggestion 'cottage'). The in-memory browse index and the
// SQL path answer every such question alike: the same page, count and suggestion.

let t: TestApp;
const ids: Record<string, number> = {};
let suspendedOwner = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const owner = await createMember(db, { town_or_city: 'Ripon' });
  const other = await createMember(db, { town_or_city: 'Thirsk' });
  const away = await createMember(db, { town_or_city: 'Malton' });
  suspendedOwner = away.id;
  const [maker] = await db.insert(manufacturers).values({ name: 'Wentworth Wooden' }).returning();
  const plain = { subtitle: null, artist: null, description: null, barcodeNumber: null, manufacturerId: null };
  const listings: Array<[string, number, Partial<Parameters<typeof createListing>[2]>]> = [
    ['rose', owner.id, { title: 'Rose Cottage in Spring' }],
    ['thatched', other.id, { title: 'Thatched cottage', artist: 'John Constable' }],
    ['cottages', owner.id, { title: 'Cottages by the Sea' }],
    ['puppies', other.id, { title: 'Puppies in a Basket' }],
    ['puppy', owner.id, { title: "A Puppy's Day Out", manufacturerId: maker!.id }],
    ['box', other.id, { title: 'Button Box' }],
    ['churches', owner.id, { title: 'Churches of Kent' }],
    ['glass', other.id, { title: 'Stained Glass' }],
    ['meadow', owner.id, { title: 'Summer Fields', description: 'A lovely meadow in June' }],
    ['draft', owner.id, { title: 'Cottage draft', status: 'draft' }],
    ['harbour', away.id, { title: 'Harbour Lights' }],
  ];
  for (const [key, ownerId, spec] of listings) ids[key] = (await createListing(db, ownerId, { ...plain, ...spec })).id;
  await db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'Testing' }).where(eq(users.id, away.id));
  await loadBrowseIndex(db);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Answer = { items: Array<{ id: number }>; total: number; suggestion?: string };

/** Browse through the API: answered by the in-memory index, unless the search is a phrase. */
async function browseFromIndex(params: Record<string, string>): Promise<Answer> {
  const before = browseStats.fromIndex;
  const res = await t.app.inject({ method: 'GET', url: `/api/puzzle-listings?${new URLSearchParams(params)}` });
  expect(res.statusCode, res.body).toBe(200);
  if (!params.q?.includes(' ')) expect(browseStats.fromIndex, 'answered by the index').toBe(before + 1);
  return res.json();
}

/** The same question answered by the SQL path (inside a transaction browse never uses the index). */
async function browseFromDatabase(params: Record<string, string>): Promise<Answer> {
  const before = browseStats.fromDatabase;
  const page = await runInTransaction(t.database.db, (tx) => browseListings(tx, browseQuerySchema.parse(params), null));
  expect(browseStats.fromDatabase, 'answered by the database').toBe(before + 1);
  const { itemsJson, ...rest } = page;
  return { ...rest, items: JSON.parse(itemsJson) as Array<{ id: number }> };
}

/** Both paths give the same answer; returns it as the listing keys found, and the suggestion. */
async function both(params: Record<string, string>): Promise<{ found: string[]; suggestion?: string }> {
  const fromIndex = await browseFromIndex(params);
  const fromDatabase = await browseFromDatabase(params);
  expect(
    fromIndex.items.map((i) => i.id),
    JSON.stringify(params),
  ).toEqual(fromDatabase.items.map((i) => i.id));
  expect(fromIndex.total).toBe(fromDatabase.total);
  expect(fromIndex.suggestion, JSON.stringify(params)).toBe(fromDatabase.suggestion);
  const keyOf = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return {
    found: fromIndex.items.map((i) => keyOf.get(i.id)!).sort(),
    ...(fromIndex.suggestion !== undefined && { suggestion: fromIndex.suggestion }),
  };
}

describe('plurals find the other number', () => {
  it('cottages finds Cottage, and cottage still finds Cottages', async () => {
    expect(await both({ q: 'cottages' })).toEqual({ found: ['cottages', 'rose', 'thatched'] });
    expect(await both({ q: 'Cottages' })).toEqual({ found: ['cottages', 'rose', 'thatched'] });
    expect(await both({ q: 'cottage' })).toEqual({ found: ['cottages', 'rose', 'thatched'] });
    // A phrase's last word too (the SQL path answers phrases; the index answers the rest).
    expect(await both({ q: 'rose cottages' })).toEqual({ found: ['rose'] });
  });

  it('-ies and -y, -es after s, x, z, ch and sh, never a double s', async () => {
    expect(await both({ q: 'puppy' })).toEqual({ found: ['puppies', 'puppy'] });
    expect(await both({ q: 'puppies' })).toEqual({ found: ['puppies', 'puppy'] });
    expect(await both({ q: 'boxes' })).toEqual({ found: ['box'] });
    expect(await both({ q: 'church' })).toEqual({ found: ['churches'] });
    expect(await both({ q: 'glasses' })).toEqual({ found: ['glass'] });
    expect((await both({ q: 'glass' })).found).toEqual(['glass']);
  });

  it('with the other filters, in every sort, the index and the database agree', async () => {
    const index = await currentBrowseIndex(t.database.db, t.database.pool);
    for (const sort of SORT_OPTIONS) {
      for (const params of [
        { q: 'cottages' },
        { q: 'puppy', maxPieces: '2000' },
        { q: 'boxes', page: '2', pageSize: '1' },
      ]) {
        const q: BrowseQuery = browseQuerySchema.parse({ ...params, sort });
        const offset = (q.page - 1) * q.pageSize;
        const answer = index!.answer(q, q.pageSize + 1, offset, 1001);
        const want = (await queryRows<{ id: number }>(t.database.db, browsePageStatement(q))).map((r) => Number(r.id));
        const [count] = await queryRows<{ n: number }>(t.database.db, browseCountStatement(q, 1000));
        expect(answer!.ids, JSON.stringify(q)).toEqual(want);
        expect(answer!.matches).toBe(Number(count!.n));
      }
    }
  });
});

describe('a one-letter slip: did you mean', () => {
  it('a letter missing, extra, different or two swapped: the word titles, artists or makers have', async () => {
    expect(await both({ q: 'cotage' })).toEqual({ found: [], suggestion: 'cottage' });
    expect(await both({ q: 'Cottgae' })).toEqual({ found: [], suggestion: 'cottage' });
    // Near the word as typed first, then near its other number.
    expect(await both({ q: 'cotages' })).toEqual({ found: [], suggestion: 'cottages' });
    expect(await both({ q: 'constibles' })).toEqual({ found: [], suggestion: 'constable' });
    expect(await both({ q: 'pupyy' })).toEqual({ found: [], suggestion: 'puppy' });
    expect(await both({ q: 'constible' })).toEqual({ found: [], suggestion: 'constable' });
    expect(await both({ q: 'wentwoth' })).toEqual({ found: [], suggestion: 'wentworth' });
    // The suggestion finds the puzzles.
    expect((await both({ q: 'cottage' })).found).toHaveLength(3);
  });

  it('the word most puzzles have wins: cottage (2 puzzles) over cottages (1)', async () => {
    // 'cottagez' is one letter from both 'cottage' and 'cottages'.
    expect(await both({ q: 'cottagez' })).toEqual({ found: [], suggestion: 'cottage' });
  });

  it('no suggestion when the search finds something, is short, is a phrase, or nothing is near', async () => {
    expect(await both({ q: 'spring' })).toEqual({ found: ['rose'] });
    expect(await both({ q: 'rse' })).toEqual({ found: [] }); // 'rose' is near, but 3 letters are too few
    expect(await both({ q: 'xyzzy' })).toEqual({ found: [] });
    expect(await browseFromDatabase({ q: 'rose cotage' })).toMatchObject({ total: 0 });
    expect((await browseFromDatabase({ q: 'rose cotage' })).suggestion).toBeUndefined();
    // A description's words are not offered (only titles, artists and makers).
    expect(await both({ q: 'medow' })).toEqual({ found: [] });
    // Nor the words of a draft, or of a suspended member's puzzles, which browse does not show.
    expect(await both({ q: 'drafy' })).toEqual({ found: [] });
    expect(await both({ q: 'harbor' })).toEqual({ found: [] });
  });

  it('is offered with other filters set, when they leave nothing', async () => {
    expect(await both({ q: 'cotage', difficulty: 'medium' })).toEqual({ found: [], suggestion: 'cottage' });
    expect(await both({ q: 'cottage', difficulty: 'expert' })).toEqual({ found: [] });
  });

  it('follows the club: a suspension lifted offers its puzzles’ words again', async () => {
    const db = t.database.db;
    await db.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, suspendedOwner));
    expect(await both({ q: 'harbor' })).toEqual({ found: [], suggestion: 'harbour' });
    expect(await databaseSuggestion(db, 'harbor')).toBe('harbour');
    expect((await both({ q: 'harbour' })).found).toEqual(['harbour']);
  });
});
