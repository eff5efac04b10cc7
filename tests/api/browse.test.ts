import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_OPTIONS, type SortOption } from '../../src/domain/constants';
import {
  browseQuerySchema,
  compareListings,
  matchesBrowseFilters,
  type BrowsableListing,
  type SortableListing,
} from '../../src/domain/browse';
import { createSession } from '../../src/server/auth/sessions-repository';
import {
  favorites,
  manufacturers,
  memberProfiles,
  puzzleListings,
  type NewPuzzleListing,
} from '../../src/server/db/schema';
import { browseListings } from '../../src/server/listings/browse-repository';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember } from '../support/factories';

// Browse applies the semantics of docs/product/listings.md#browse-filters in SQL. This file checks the server against the
// domain's reference implementation (matchesBrowseFilters + compareListings) on a fixture
// that sits on every filter's edges, for every sort.

let t: TestApp;
type Owner = { id: number; town: string | null; postcode: string | null; hidden: boolean };
type FixtureListing = BrowsableListing &
  SortableListing & { status: string; userId: number; missingPieces: number; manufacturerName: string | null };
const fixture: FixtureListing[] = [];
const owners: Owner[] = [];
const makers = new Map<string, number>();
let viewerCookie = '';
let favouriteIds: number[] = [];

// Deterministic pseudo-random numbers, so a failure can be reproduced.
let seed = 20240607;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  for (const m of await db.select().from(manufacturers)) makers.set(m.name, m.id);

  const ownerSpecs: Array<[string | null, string | null, boolean]> = [
    ['Harrogate', 'HG1 2AB', false],
    ['York', 'YO1 7HH', false],
    ['Newton-le-Willows', 'wa12 9aa', false],
    ['Harrogate', 'HG2 8XY', true], // chose not to show their location
    ['Portland', '97201', false],
    [null, null, false],
  ];
  for (const [town, postcode, hidden] of ownerSpecs) {
    const m = await createMember(db, { town_or_city: town, postcode });
    if (hidden) await db.insert(memberProfiles).values({ userId: m.id, showLocation: false });
    owners.push({ id: m.id, town, postcode, hidden });
  }

  const base = Date.UTC(2024, 0, 1);
  let tick = 0;
  const at = (minutes = ++tick) => new Date(base + minutes * 60_000);
  const rav = makers.get('Ravensburger')!;
  const castor = makers.get('Castorland')!;
  const falcon = makers.get('Falcon de luxe')!;
  const o = owners;

  const edges: Array<Partial<NewPuzzleListing> & { userId: number }> = [
    {
      userId: o[0]!.id,
      title: 'CASTLE on the Hill',
      artist: 'Jane Doe',
      yearOfManufacture: 2020,
      pieces: 1000,
      puzzlePoints: 5,
      manufacturerId: rav,
      difficulty: 'hard',
      condition: 'new',
    },
    { userId: o[1]!.id, title: 'castle garden', artist: null, yearOfManufacture: null, pieces: 500, puzzlePoints: 1 },
    {
      userId: o[2]!.id,
      title: 'Sunset',
      subtitle: 'Castle ruins',
      artist: '   ',
      yearOfManufacture: 1999,
      pieces: 1,
      puzzlePoints: 25,
      missingPieces: 0,
    },
    {
      userId: o[3]!.id,
      title: 'Harbour',
      description: 'A castle by the sea',
      yearOfManufacture: 1980,
      pieces: 50000,
      puzzlePoints: 24,
    },
    { userId: o[4]!.id, title: 'Barcode only', barcodeNumber: '5012345678900', yearOfManufacture: 1979, artist: '' },
    { userId: o[5]!.id, title: '100% Cotton Quilt', artist: 'Mary_Ann Smith', yearOfManufacture: 2024, pieces: 1001 },
    {
      userId: o[0]!.id,
      title: 'snake_case',
      artist: 'MARY ANNE',
      yearOfManufacture: 2021,
      pieces: 999,
      missingPieces: 3,
    },
    { userId: o[1]!.id, title: 'Lighthouse', manufacturerId: castor, yearOfManufacture: 1950 },
    { userId: o[2]!.id, title: 'Falcon flight', manufacturerId: falcon, yearOfManufacture: 2019, puzzlePoints: 2 },
    {
      userId: o[0]!.id,
      title: 'Twin',
      pieces: 750,
      puzzlePoints: 5,
      yearOfManufacture: 2020,
      publishedAt: at(500),
      createdAt: at(500),
    },
    {
      userId: o[1]!.id,
      title: 'twin',
      pieces: 750,
      puzzlePoints: 5,
      yearOfManufacture: 2020,
      publishedAt: at(500),
      createdAt: at(500),
    },
    // Never published (only possible for seeded data): newest falls back to created.
    { userId: o[4]!.id, title: 'Unpublished active', publishedAt: null, createdAt: at(250) },
    // Quotes and backslashes are text like any other (and must not upset the SQL).
    { userId: o[2]!.id, title: "O'Brien's Back\\Garden", artist: "d'Arcy \\ Co", yearOfManufacture: 2022 },
    // Not browsable, whatever they match.
    { userId: o[0]!.id, title: 'Castle draft', status: 'draft', yearOfManufacture: 2025 },
    { userId: o[0]!.id, title: 'Castle archived', status: 'archived', yearOfManufacture: 2025 },
    { userId: o[1]!.id, title: 'Castle sold', status: 'sold', yearOfManufacture: 2025 },
  ];

  const words = ['Castle', 'Garden', 'Harbour', 'Village', 'Meadow', 'Cottage', 'Bridge', 'apple', 'Zebra'];
  const artists = [null, 'Jane Doe', 'John Smith', 'jane austen', '', 'Dominic Davison'];
  const years = [null, 1950, 1979, 1980, 1990, 1999, 2000, 2019, 2020, 2021, 2023, 2024];
  const makerIds = [null, rav, castor, falcon, makers.get('Gibsons')!];
  for (let i = 0; i < 70; i++) {
    const pieces = pick([1, 300, 500, 999, 1000, 1001, 2000, 50000]);
    edges.push({
      userId: pick(owners).id,
      title: `${pick(words)} ${pick(words).toLowerCase()} ${i}`,
      subtitle: pick([null, 'a summer scene', 'CASTLE view']),
      artist: pick(artists),
      yearOfManufacture: pick(years),
      pieces,
      puzzlePoints: pick([1, 2, 5, 5, 10, 25]),
      missingPieces: pick([0, 0, 0, 1, 5]) % (pieces + 1),
      manufacturerId: pick(makerIds),
      difficulty: pick(['easy', 'medium', 'hard', 'expert'] as const),
      condition: pick(['new', 'like_new', 'very_good', 'good', 'fair'] as const),
      description: pick([null, 'Complete and clean.', 'Stored in a castle attic', '50% off the box']),
      barcodeNumber: pick([null, '9780000000001', '4005556123456']),
      status: pick(['active', 'active', 'active', 'active', 'draft', 'archived', 'sold'] as const),
      publishedAt: at(Math.floor(rand() * 400)), // ties on purpose
      createdAt: at(Math.floor(rand() * 400)),
    });
  }

  for (const { userId, ...spec } of edges) {
    const createdAt = spec.createdAt ?? at();
    const status = spec.status ?? 'active';
    const row = await createListing(db, userId, {
      missingPieces: 0,
      manufacturerId: null,
      ...spec,
      createdAt,
      publishedAt:
        spec.publishedAt === undefined
          ? status === 'active' || status === 'sold'
            ? createdAt
            : null
          : spec.publishedAt,
    });
    const name = [...makers.entries()].find(([, id]) => id === row.manufacturerId)?.[0] ?? null;
    fixture.push({ ...row, manufacturerName: name });
  }

  const viewer = await createMember(db);
  viewerCookie = `jc_session=${(await createSession(db, viewer.id, false)).token}`;
  favouriteIds = fixture
    .filter((l) => l.status === 'active')
    .slice(0, 3)
    .map((l) => l.id);
  await db.insert(favorites).values(favouriteIds.map((id) => ({ userId: viewer.id, puzzleListingId: id })));
}, 120_000);

afterAll(async () => {
  await t.close();
});

// The location rule of docs/product/listings.md#location (the domain reference does not
// apply location): town contains the text, or the text is the postcode's area or outward
// code; owners hiding their location never match. Never the whole postcode: a public search
// must not confirm a member's exact postcode.
function matchesLocation(listing: FixtureListing, location: string | undefined): boolean {
  const text = location?.trim();
  if (!text) return true;
  const owner = owners.find((o) => o.id === listing.userId)!;
  if (owner.hidden) return false;
  if ((owner.town ?? '').toLowerCase().includes(text.toLowerCase())) return true;
  const code = text.toUpperCase().replace(/\s+/g, '');
  const pc = (owner.postcode ?? '').toUpperCase().replace(/\s+/g, '');
  if (!pc || !/^[A-Z0-9]{1,8}$/.test(code)) return false;
  return /^[A-Z]+/.exec(pc)?.[0] === code || (pc.length > 3 && pc.slice(0, -3) === code);
}

function expected(params: Record<string, string>): number[] {
  const query = browseQuerySchema.parse(params);
  return fixture
    .filter((l) => l.status === 'active' && matchesBrowseFilters(l, query) && matchesLocation(l, query.location))
    .sort(compareListings(query.sort))
    .map((l) => l.id);
}

async function browse(params: Record<string, string>, cookie?: string) {
  const qs = new URLSearchParams(params).toString();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/puzzle-listings?${qs}`,
    headers: cookie ? { cookie } : {},
  });
  return res;
}

const FILTERS: Array<Record<string, string>> = [
  {},
  { q: 'castle' },
  { q: 'CASTLE' },
  { q: '  Castle ' },
  { q: 'cast' }, // also in the manufacturer name Castorland
  { q: 'castorland' }, // manufacturer name only
  { q: 'falcon de' },
  { q: '5012345678900' }, // barcode
  { q: '345678' },
  { q: '100%' }, // LIKE wildcards are literal text
  { q: '%' },
  { q: '_' },
  { q: 'e_c' },
  { q: 'by the sea' }, // description
  { q: 'ruins' }, // subtitle
  { q: 'jane' }, // artist
  { q: 'hill\ncastle' }, // never spans two fields
  { q: 'nothing matches this' },
  // Forgiving (docs/decisions/0023): a plural last word also finds the singular.
  { q: 'castles' },
  { q: 'Cottages' },
  { q: 'bridges' },
  { q: 'castle views' }, // a phrase's last word
  { q: 'castles view' }, // only the last word
  { q: 'glass' },
  { q: "o'brien" },
  { q: 'k\\g' },
  { q: '\\' },
  { artist: "d'arcy \\" },
  { q: "'; DROP TABLE puzzle_listings; --" },
  { difficulty: 'hard' },
  { difficulty: 'all' }, // 'all' means not set
  { condition: 'new' },
  { manufacturerId: '__rav__' },
  { artist: 'jane' },
  { artist: 'JANE DOE' },
  { artist: 'mary_' }, // underscore is literal
  { artist: '_' },
  { artist: ' ' }, // blank: not set
  { year: 'recent' },
  { year: 'vintage' },
  { year: 'classic' },
  { year: '2020' },
  { year: '1999' },
  { year: '1980' },
  { minPieces: '1000' },
  { maxPieces: '1000' },
  { minPieces: '500', maxPieces: '1000' },
  { minPieces: '50000' },
  { maxPieces: '1' },
  { minPoints: '5' },
  { maxPoints: '5' },
  { minPoints: '25' },
  { maxPoints: '1' },
  { minPoints: '6', maxPoints: '4' },
  { completeOnly: 'true' },
  { completeOnly: 'false' },
  { location: 'harrogate' },
  { location: 'HG1' },
  { location: 'hg' },
  { location: 'hg1 2ab' }, // a whole postcode: matches nobody
  { location: 'HG12AB' },
  { location: 'HG1 2' }, // more than the outward code is not a prefix search either
  { location: 'HG2' }, // only the owner who hides their location lives there
  { location: 'York' },
  { location: 'YO' },
  { location: 'WA12' },
  { location: '97201' },
  { location: 'new' },
  { location: 'H' },
  { location: '%' },
  { q: 'castle', difficulty: 'hard', minPieces: '500' },
  { artist: 'jane', year: 'recent', completeOnly: 'true' },
  { q: 'garden', maxPoints: '10', location: 'harrogate' },
  { q: 'a', minPieces: '999', maxPieces: '1001', condition: 'good', year: '2020' },
];

describe('browse semantics match the domain reference', () => {
  it('the fixture really covers the edges', () => {
    const active = fixture.filter((l) => l.status === 'active');
    expect(active.length).toBeGreaterThan(40);
    expect(fixture.some((l) => l.status !== 'active' && l.title.toLowerCase().includes('castle'))).toBe(true);
    expect(active.some((l) => l.artist === null)).toBe(true);
    expect(active.some((l) => l.yearOfManufacture === null)).toBe(true);
    expect(active.some((l) => l.manufacturerId === null)).toBe(true);
    expect(active.some((l) => (l.missingPieces ?? 0) > 0)).toBe(true);
  });

  for (const raw of FILTERS) {
    it(`${JSON.stringify(raw)}: the same listings in the same order for every sort`, async () => {
      const params = { ...raw };
      if (params.manufacturerId === '__rav__') params.manufacturerId = String(makers.get('Ravensburger'));
      // 'Nearest first' needs a postcode service: tests/api/near.test.ts and browse-index.test.ts.
      for (const sort of SORT_OPTIONS.filter((s) => s !== 'distance')) {
        const res = await browse({ ...params, sort, pageSize: '100' });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        const want = expected({ ...params, sort });
        expect(
          body.items.map((l: { id: number }) => l.id),
          `sort ${sort}`,
        ).toEqual(want);
        expect(body.total).toBe(want.length);
        expect(body.totalIsCapped).toBe(false);
        expect(body.hasMore).toBe(false);
      }
    });
  }

  it('no filter set matches every active listing and nothing else', async () => {
    const res = await browse({ pageSize: '100' });
    const ids = res.json().items.map((l: { id: number }) => l.id);
    const active = fixture.filter((l) => l.status === 'active').map((l) => l.id);
    expect([...ids].sort()).toEqual([...active].sort());
  });
});

describe('pages', () => {
  it('gives 24 per page by default, newest first, with the exact total', async () => {
    const all = expected({});
    const res = await browse({});
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 24, total: all.length, totalIsCapped: false, hasMore: true });
    expect(body.items.map((l: { id: number }) => l.id)).toEqual(all.slice(0, 24));
  });

  it('page 2 continues exactly where page 1 stopped, for every sort', async () => {
    for (const sort of (SORT_OPTIONS as readonly SortOption[]).filter((s) => s !== 'distance')) {
      const all = expected({ sort });
      const res = await browse({ sort, page: '2', pageSize: '7' });
      const body = res.json();
      expect(
        body.items.map((l: { id: number }) => l.id),
        sort,
      ).toEqual(all.slice(7, 14));
      expect(body).toMatchObject({ page: 2, pageSize: 7, total: all.length, hasMore: all.length > 14 });
    }
  });

  it('the last page knows the total without counting, and a page past the end is empty', async () => {
    const all = expected({ q: 'castle' });
    const last = Math.ceil(all.length / 5);
    const lastPage = (await browse({ q: 'castle', pageSize: '5', page: String(last) })).json();
    expect(lastPage).toMatchObject({ total: all.length, hasMore: false });
    expect(lastPage.items.map((l: { id: number }) => l.id)).toEqual(all.slice((last - 1) * 5));
    const beyond = (await browse({ q: 'castle', pageSize: '5', page: String(last + 3) })).json();
    expect(beyond).toMatchObject({ items: [], total: all.length, hasMore: false });
  });

  it.each([
    [{ pageSize: '101' }, 'pageSize', 'Page size must be a whole number from 1 to 100'],
    [{ pageSize: '0' }, 'pageSize', 'Page size must be a whole number from 1 to 100'],
    [{ page: '0' }, 'page', 'Page must be a whole number of 1 or more'],
    [{ sort: 'random' }, 'sort', expect.stringContaining('Sort must be one of')],
    [{ difficulty: 'impossible' }, 'difficulty', expect.stringContaining('Difficulty must be one of')],
    [{ year: '19' }, 'year', 'Year must be recent, vintage, classic or a 4-digit year'],
    [{ minPieces: '-1' }, 'minPieces', expect.stringContaining('Min pieces must be')],
  ])('refuses %o with a 400 naming the field', async (params, path, message) => {
    const res = await browse(params);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });
});

describe('the total for "Showing X of Y puzzles"', () => {
  it('counts exactly up to the cap, then says it is capped', async () => {
    const db = t.database.db;
    const all = expected({});
    expect(all.length).toBeGreaterThan(12);
    const query = browseQuerySchema.parse({ pageSize: '5' });
    const capped = await browseListings(db, query, null, { countCap: 10 });
    expect(capped).toMatchObject({ total: 10, totalIsCapped: true, hasMore: true });
    expect((JSON.parse(capped.itemsJson) as Array<{ id: number }>).map((l) => l.id)).toEqual(all.slice(0, 5));

    const exact = await browseListings(db, query, null, { countCap: all.length });
    expect(exact).toMatchObject({ total: all.length, totalIsCapped: false });
    const justOver = await browseListings(db, query, null, { countCap: all.length - 1 });
    expect(justOver).toMatchObject({ total: all.length - 1, totalIsCapped: true });
  });

  it('the final page gives the exact total even beyond the cap', async () => {
    const all = expected({});
    const query = browseQuerySchema.parse({ pageSize: '30', page: '2' });
    const page = await browseListings(t.database.db, query, null, { countCap: 10 });
    expect(page).toMatchObject({ total: all.length, totalIsCapped: false, hasMore: false });
  });
});

describe('the year list', () => {
  it('is the 10 most recent distinct years of active listings, newest first', async () => {
    const years = [
      ...new Set(
        fixture
          .filter((l) => l.status === 'active' && l.yearOfManufacture !== null)
          .map((l) => l.yearOfManufacture as number),
      ),
    ]
      .sort((a, b) => b - a)
      .slice(0, 10);
    const body = (await browse({ q: 'nothing matches this' })).json();
    expect(body.years).toEqual(years);
    // Drafts, archived and sold listings (2025 here) do not offer their years.
    expect(body.years).not.toContain(2025);
  });
});

describe('the location filter and postcodes', () => {
  it('finds an owner by postcode area and outward code, never by the whole postcode', async () => {
    const harrogate = owners[0]!; // Harrogate, HG1 2AB, shown
    const hasTheirs = (body: { items: Array<{ userId: number }> }) => body.items.some((l) => l.userId === harrogate.id);
    for (const location of ['HG', 'hg1', 'HG1 ', 'harrogate']) {
      expect(hasTheirs((await browse({ location, pageSize: '100' })).json()), location).toBe(true);
    }
    // Every spelling of the whole postcode answers the same as a postcode nobody has.
    for (const location of ['HG1 2AB', 'hg12ab', ' hg1  2ab ', 'YO1 7HH', 'WA12 9AA', '97201']) {
      const body = (await browse({ location, pageSize: '100' })).json();
      expect(body, location).toMatchObject({ total: 0, items: [] });
    }
  });
});

describe('favourites in browse', () => {
  it('marks the signed-in member’s favourites and says nothing to visitors', async () => {
    const signedIn = (await browse({ pageSize: '100' }, viewerCookie)).json();
    for (const item of signedIn.items) expect(item.isFavorite).toBe(favouriteIds.includes(item.id));
    const visitor = (await browse({ pageSize: '100' })).json();
    for (const item of visitor.items) expect(item).not.toHaveProperty('isFavorite');
  });
});

describe('a listing leaving browse', () => {
  it('archiving takes it out of browse; the search text follows edits', async () => {
    const db = t.database.db;
    const owner = owners[0]!;
    const row = await createListing(db, owner.id, { title: 'Quokka parade' });
    expect((await browse({ q: 'quokka' })).json().total).toBe(1);
    await db.update(puzzleListings).set({ title: 'Wombat parade' }).where(eq(puzzleListings.id, row.id));
    expect((await browse({ q: 'quokka' })).json().total).toBe(0);
    expect((await browse({ q: 'WOMBAT' })).json().total).toBe(1);
    await db
      .update(puzzleListings)
      .set({ status: 'archived' })
      .where(inArray(puzzleListings.id, [row.id]));
    expect((await browse({ q: 'wombat' })).json().total).toBe(0);
  });

  it('folds case beyond ASCII the same way on both databases', async () => {
    const db = t.database.db;
    const row = await createListing(db, owners[0]!.id, { title: 'ÉGLISE SAINT-ÉTIENNE, ŁÓDŹ', artist: 'Zoë Ødegård' });
    for (const q of ['église saint-étienne', 'ÉGLISE', 'łódź']) {
      expect(
        (await browse({ q })).json().items.map((i: { id: number }) => i.id),
        q,
      ).toEqual([row.id]);
    }
    expect((await browse({ artist: 'ZOË ØDEGÅRD' })).json().total).toBe(1);
    await db.update(puzzleListings).set({ status: 'archived' }).where(eq(puzzleListings.id, row.id));
  });
});
