import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingStatus } from '../../src/domain/enums';
import { createSession } from '../../src/server/auth/sessions-repository';
import {
  manufacturers,
  puzzleListings,
  tradeRequests,
  userAchievements,
  users,
  wantedPendingListings,
} from '../../src/server/db/schema';
import { markListingSold } from '../../src/server/listings/listings-repository';
import { saveImage } from '../../src/server/uploads/image-store';
import { buildTestApp, type TestApp } from '../support/build-app';
import { queriesDuring, roundTripsDuring, statementsSentDuring } from '../support/count-queries';
import { createListing, createMember } from '../support/factories';
import { testDbKind } from '../support/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// An owner whose private details are distinctive enough to search the raw answers for.
const PRIVATE = {
  email: 'private.owner.7f3@example.org',
  phone: '07700 900461',
  line_1: '3 Hidden Mews',
  postcode: 'YO1 7HH',
};

async function member(overrides: Parameters<typeof createMember>[1] = {}) {
  const row = await createMember(t.database.db, overrides);
  const { token } = await createSession(t.database.db, row.id, false);
  return { ...row, cookie: `jc_session=${token}` };
}
type Member = Awaited<ReturnType<typeof member>>;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: Member | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function stored(id: number) {
  const [row] = await t.database.db.select().from(puzzleListings).where(eq(puzzleListings.id, id));
  return row!;
}

/** A real upload in this app's picture storage, as POST /api/uploads stores it; its URL. */
async function uploaded(): Promise<string> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  return (await saveImage(t.ctx.pictures, jpeg)).url;
}

let firstManufacturer: { id: number; name: string };
beforeAll(async () => {
  const [m] = await t.database.db.select().from(manufacturers).orderBy(manufacturers.id).limit(1);
  firstManufacturer = m!;
});

const form = () => ({
  title: 'Lighthouse at Dusk',
  subtitle: 'The Cornish coast',
  pieces: 1000,
  dimensionValue: 68,
  dimensionUnit: 'cm',
  manufacturerId: firstManufacturer.id,
  artist: 'Jane Doe',
  difficulty: 'hard',
  condition: 'like_new',
  yearOfManufacture: 2015,
  barcodeNumber: '5012345678900',
  description: 'Done once, boxed in a bag.',
  puzzlePoints: 7,
  missingPieces: 0,
});

describe('creating a listing', () => {
  it('needs a member', async () => {
    const res = await call('POST', '/api/puzzle-listings', null, form());
    expect(res.statusCode).toBe(401);
  });

  it('saves a draft with every field, the owner shown as first name and initial', async () => {
    const owner = await member({ firstName: 'Margaret', lastName: 'hughes', town_or_city: 'Harrogate' });
    const res = await call('POST', '/api/puzzle-listings', owner, { ...form(), status: 'draft' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ...form(),
      status: 'draft',
      publishedAt: null,
      userId: owner.id,
      ownerName: 'Margaret H.',
      ownerTown: 'Harrogate',
      manufacturerName: firstManufacturer.name,
      isAvailable: true,
      isFavorite: false,
    });
    expect(body.id).toEqual(expect.any(Number));
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it('applies the schema defaults: draft, medium, cm, 5 points, complete', async () => {
    const owner = await member();
    const res = await call('POST', '/api/puzzle-listings', owner, { title: 'Bare', pieces: 300, condition: 'good' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'draft',
      difficulty: 'medium',
      dimensionUnit: 'cm',
      puzzlePoints: 5,
      missingPieces: 0,
      subtitle: null,
      artist: null,
      manufacturerId: null,
      manufacturerName: null,
      yearOfManufacture: null,
    });
  });

  it('publishes at once with status active, dating the publication', async () => {
    const owner = await member();
    const before = Date.now();
    const res = await call('POST', '/api/puzzle-listings', owner, { ...form(), status: 'active' });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('active');
    expect(new Date(res.json().publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [{ subtitle: 'x'.repeat(101) }, 'subtitle', 'Subtitle must be at most 100 characters'],
    [{ pieces: 0 }, 'pieces', 'Pieces must be at least 1'],
    [{ pieces: 50001 }, 'pieces', 'Pieces cannot be more than 50000'],
    [{ puzzlePoints: 0 }, 'puzzlePoints', 'PuzzlePoints must be at least 1'],
    [{ puzzlePoints: 26 }, 'puzzlePoints', 'PuzzlePoints cannot be more than 25'],
    [{ yearOfManufacture: 1899 }, 'yearOfManufacture', 'Year must be 1900 or later'],
    [
      { yearOfManufacture: new Date().getFullYear() + 1 },
      'yearOfManufacture',
      `Year cannot be later than ${new Date().getFullYear()}`,
    ],
    [{ condition: undefined }, 'condition', 'Condition is required'],
    [{ artist: 'x'.repeat(101) }, 'artist', 'Artist must be at most 100 characters'],
    [{ barcodeNumber: 'x'.repeat(51) }, 'barcodeNumber', 'Barcode must be at most 50 characters'],
    [{ description: 'x'.repeat(1001) }, 'description', 'Description must be at most 1000 characters'],
    [{ missingPieces: 1001 }, 'missingPieces', 'Missing pieces cannot be more than the puzzle has'],
    [{ status: 'sold' }, 'status', 'Status must be draft or active'],
    [{ status: 'archived' }, 'status', 'Status must be draft or active'],
  ])('refuses %o with "%s: %s" and stores nothing', async (change, path, message) => {
    const owner = await member();
    const res = await call('POST', '/api/puzzle-listings', owner, { ...form(), ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toContainEqual({ path, message });
    expect(body.message).toContain(`${path}: ${message}`);
    expect(body.message).toMatch(/^Validation failed: /);
    const rows = await t.database.db.select().from(puzzleListings).where(eq(puzzleListings.userId, owner.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses text with a NUL character (which the database cannot store) as bad input', async () => {
    const owner = await member();
    const res = await call('POST', '/api/puzzle-listings', owner, { ...form(), title: 'Bad\u0000title' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'title', message: 'Title cannot contain control characters' });
  });

  it('refuses a manufacturer that does not exist', async () => {
    const owner = await member();
    const res = await call('POST', '/api/puzzle-listings', owner, { ...form(), manufacturerId: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'manufacturerId', message: 'Choose a manufacturer from the list' }]);
  });

  it('takes image URLs only from the club uploads', async () => {
    const owner = await member();
    const url = await uploaded();
    const ok = await call('POST', '/api/puzzle-listings', owner, { ...form(), puzzleImageUrl: url, boxImageUrl: null });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      puzzleImageUrl: url,
      puzzleThumbnailUrl: url.replace(/\.webp$/, '.thumb.webp'),
      boxImageUrl: null,
      boxThumbnailUrl: null,
    });
    for (const url of ['https://tracker.example/pixel.gif', '/uploads/../../etc/passwd', 'javascript:alert(1)']) {
      const res = await call('POST', '/api/puzzle-listings', owner, { ...form(), boxImageUrl: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].path).toBe('boxImageUrl');
    }
  });

  it('refuses an upload-shaped image URL whose file is not in the upload folder', async () => {
    const owner = await member();
    const real = await uploaded();
    const missing = '/uploads/abcDEF123_-x.webp';
    expect(await t.ctx.pictures.exists('abcDEF123_-x.webp')).toBe(false);
    const cases: Array<[Record<string, string>, string]> = [
      [{ puzzleImageUrl: missing }, 'puzzleImageUrl'],
      [{ puzzleImageUrl: real, boxImageUrl: missing }, 'boxImageUrl'],
      // The thumbnail is a file too, but not an image a listing may name.
      [{ boxImageUrl: real.replace(/\.webp$/, '.thumb.webp') }, 'boxImageUrl'],
    ];
    for (const [images, field] of cases) {
      const res = await call('POST', '/api/puzzle-listings', owner, { ...form(), ...images });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: field, message: 'Image must be uploaded to the club first' }]);
    }
    const rows = await t.database.db.select().from(puzzleListings).where(eq(puzzleListings.userId, owner.id));
    expect(rows).toHaveLength(0);

    // An edit is checked the same way; a real upload is accepted.
    const listing = await createListing(t.database.db, owner.id, { puzzleImageUrl: real });
    const edit = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...form(), boxImageUrl: missing });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual([{ path: 'boxImageUrl', message: 'Image must be uploaded to the club first' }]);
    const keep = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...form(), puzzleImageUrl: real });
    expect(keep.statusCode).toBe(200);
    expect((await stored(listing.id)).boxImageUrl).toBeNull();
  });
});

describe('seeing a listing', () => {
  it('shows an active listing to anyone, signed out included, without isFavorite', async () => {
    const owner = await member({ firstName: 'Alan', lastName: 'Turing', town_or_city: 'Wilmslow' });
    const listing = await createListing(t.database.db, owner.id, { manufacturerId: firstManufacturer.id });
    const res = await call('GET', `/api/puzzle-listings/${listing.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: listing.id,
      title: listing.title,
      status: 'active',
      ownerName: 'Alan T.',
      ownerTown: 'Wilmslow',
      manufacturerName: firstManufacturer.name,
    });
    expect(res.json()).not.toHaveProperty('isFavorite');
    expect(res.json()).not.toHaveProperty('searchText');
  });

  it.each(['draft', 'archived', 'sold'] as const)('shows a %s listing to its owner alone', async (status) => {
    const owner = await member();
    const other = await member();
    const listing = await createListing(t.database.db, owner.id, { status });
    expect((await call('GET', `/api/puzzle-listings/${listing.id}`, owner)).statusCode).toBe(200);
    for (const who of [other, null]) {
      const res = await call('GET', `/api/puzzle-listings/${listing.id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Puzzle not found');
    }
  });

  it.each(['999999', 'abc', '0', '-1', '99999999999', '1.5'])('answers 404 Puzzle not found for id %s', async (id) => {
    const res = await call('GET', `/api/puzzle-listings/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Puzzle not found');
  });

  it.runIf(testDbKind === 'postgres')(
    'publishes in three round trips, each a prepared statement: the session, the rate limit, one statement (the listing, its queue row, the answer); a first publish also earns First Listing',
    async () => {
      const owner = await member();
      const publish = () =>
        call('POST', '/api/puzzle-listings', owner, {
          title: 'Harbour Lights',
          pieces: 1000,
          condition: 'good',
          status: 'active',
        });
      let first: Awaited<ReturnType<typeof publish>> | undefined;
      const sentFirst = await roundTripsDuring(t.ctx, async () => void (first = await publish()));
      expect(first!.statusCode).toBe(201);
      // The first publish goes through the achievements' door in a transaction of its own.
      const earned = await t.database.db.select().from(userAchievements).where(eq(userAchievements.userId, owner.id));
      expect(earned.map((a) => a.achievementType)).toEqual(['first_listing']);
      expect(sentFirst).toContain('begin');
      // Its matching, after the answer, is done before the second publish is counted
      // (roundTripsDuring waits for it).

      let second: Awaited<ReturnType<typeof publish>> | undefined;
      const sent = await statementsSentDuring(t.ctx, async () => void (second = await publish()));
      expect(second!.statusCode).toBe(201);
      expect(sent).toHaveLength(3);
      expect(sent[2]!.text).toMatch(/^WITH p AS \(insert into "puzzle_listings"/);
      // Planned once a connection: planning the insert cost PostgreSQL more than running it.
      expect(sent.map((statement) => statement.name)).toEqual([
        expect.any(String),
        expect.any(String),
        expect.any(String),
      ]);
      const [queued] = await t.database.db
        .select()
        .from(wantedPendingListings)
        .where(eq(wantedPendingListings.listingId, second!.json().id as number));
      expect(queued).toBeDefined();
      expect(second!.json()).toMatchObject({ title: 'Harbour Lights', status: 'active', userId: owner.id });
      const again = await t.database.db.select().from(userAchievements).where(eq(userAchievements.userId, owner.id));
      expect(again).toHaveLength(1);
    },
  );

  it("writes a new listing's statement once for each set of fields given: each listing answers with its own values", async () => {
    const owner = await member();
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/puzzle-listings', owner, { pieces: 500, condition: 'good', status: 'active', ...body });
    const byShape = async (body: Record<string, unknown>) => {
      let res: Awaited<ReturnType<typeof post>> | undefined;
      const sent =
        testDbKind === 'postgres' ? await statementsSentDuring(t.ctx, async () => void (res = await post(body))) : [];
      if (testDbKind === 'embedded') res = await post(body);
      expect(res!.statusCode).toBe(201);
      return { listing: res!.json(), insert: sent.find((s) => s.text.startsWith('WITH p AS (insert')) };
    };
    const first = await byShape({ title: 'Tidal Pools', description: 'Sorted by colour', artist: 'Ann Lee' });
    const same = await byShape({
      title: 'Stone Bridge',
      description: 'Two pieces bent',
      artist: 'Bo Cole',
      pieces: 1000,
    });
    const fewer = await byShape({ title: 'Night Market', status: 'draft' });
    expect(first.listing).toMatchObject({
      title: 'Tidal Pools',
      description: 'Sorted by colour',
      artist: 'Ann Lee',
      pieces: 500,
    });
    expect(same.listing).toMatchObject({
      title: 'Stone Bridge',
      description: 'Two pieces bent',
      artist: 'Bo Cole',
      pieces: 1000,
    });
    expect(fewer.listing).toMatchObject({ title: 'Night Market', description: null, artist: null, status: 'draft' });
    expect(fewer.listing.publishedAt).toBeNull();
    expect(same.listing.publishedAt).not.toBeNull();
    if (testDbKind === 'postgres') {
      // The same fields are the same prepared statement; other fields are another.
      expect(same.insert!.name).toBe(first.insert!.name);
      expect(same.insert!.text).toBe(first.insert!.text);
      expect(fewer.insert!.name).not.toBe(first.insert!.name);
    }
  });

  it('answers the puzzle page in one query beside the session, owner standing included', async () => {
    const owner = await member();
    const viewer = await member();
    const listing = await createListing(t.database.db, owner.id);
    const url = `/api/puzzle-listings/${listing.id}`;
    await call('GET', url, viewer); // the session's statement is prepared on first use
    const twoPages = async () => {
      for (const who of [viewer, null]) expect((await call('GET', url, who)).statusCode).toBe(200);
    };
    // One query a page: the listing, the viewer's open request, the owner's suspension and
    // holiday. On PostgreSQL it is a prepared statement sent on the pool, beside the session's.
    if (testDbKind === 'postgres') {
      const sent = await roundTripsDuring(t.ctx, twoPages);
      expect(sent).toHaveLength(3); // the viewer's session, then a page each
      expect(sent.filter((text) => text.startsWith('SELECT json_build_object('))).toHaveLength(2);
    } else {
      expect(await queriesDuring(t.database.db, twoPages)).toEqual({ raw: 2, built: 0 });
    }
    // The owner's standing read in that query still decides the page.
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await t.database.db
      .update(users)
      .set({ awayFrom: new Date(Date.now() - 60_000), awayUntil: soon })
      .where(eq(users.id, owner.id));
    expect((await call('GET', url, viewer)).json().ownerAwayUntil).toBe(soon.toISOString());
    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'A test' })
      .where(eq(users.id, owner.id));
    expect((await call('GET', url, viewer)).statusCode).toBe(404);
  });

  it('hides a member who chose not to show their location', async () => {
    const owner = await member({ town_or_city: 'Ripon' });
    await t.database.db.execute(
      `INSERT INTO member_profiles (user_id, show_location) VALUES (${owner.id}, false)` as never,
    );
    const listing = await createListing(t.database.db, owner.id);
    const res = await call('GET', `/api/puzzle-listings/${listing.id}`);
    expect(res.json().ownerTown).toBeNull();
  });
});

describe('my listings', () => {
  it('needs a member', async () => {
    expect((await call('GET', '/api/puzzle-listings/my-listings')).statusCode).toBe(401);
  });

  it('lists every listing of mine in every status, newest first, and nobody else’s', async () => {
    const me = await member();
    const other = await member();
    const base = Date.now() - 60_000;
    const made = [];
    for (const [i, status] of (['draft', 'active', 'archived', 'sold'] as const).entries()) {
      made.push(await createListing(t.database.db, me.id, { status, createdAt: new Date(base + i * 1000) }));
    }
    await createListing(t.database.db, other.id);
    const res = await call('GET', '/api/puzzle-listings/my-listings', me);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: number; status: ListingStatus }>;
    expect(body.map((l) => l.id)).toEqual(made.map((l) => l.id).reverse());
    expect(body.map((l) => l.status)).toEqual(['sold', 'archived', 'active', 'draft']);
  });
});

describe('changing status', () => {
  // The whole table, written out from docs/product/listings.md#listing-states rather than from the domain function.
  const moves: Array<[ListingStatus, ListingStatus, boolean]> = [
    ['draft', 'active', true], // Live/Draft toggle
    ['active', 'draft', true],
    ['draft', 'archived', true], // Archive: any non-sold listing
    ['active', 'archived', true],
    ['archived', 'draft', true], // Unarchive: back to draft
    ['archived', 'active', false], // ... never straight to live
  ];

  it.each(moves)('%s -> %s allowed: %s', async (from, to, allowed) => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { status: from });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { status: to });
    if (allowed) {
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(to);
      expect((await stored(listing.id)).status).toBe(to);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/unarchive/i);
      expect((await stored(listing.id)).status).toBe(from);
    }
  });

  it.each(['draft', 'active', 'archived'] as const)('keeping %s as it is is no change and no error', async (status) => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { status });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { status });
    expect(res.statusCode).toBe(200);
    expect((await stored(listing.id)).status).toBe(status);
  });

  it.each(['draft', 'active', 'archived'] as const)('never lets a member set sold (from %s)', async (from) => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { status: from });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { status: 'sold' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'status', message: 'Status must be draft, active or archived' }]);
    expect((await stored(listing.id)).status).toBe(from);
  });

  it.each(['draft', 'active', 'archived', 'sold'] as const)('a sold listing never changes (to %s)', async (to) => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { status: 'sold' });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { status: to });
    expect([400, 409]).toContain(res.statusCode);
    if (to !== 'sold') expect(res.json().message).toBe('A sold listing cannot be changed.');
    expect((await stored(listing.id)).status).toBe('sold');
  });

  it('a sold listing cannot be edited either', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { status: 'sold' });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...form(), title: 'Renamed' });
    expect(res.statusCode).toBe(409);
    expect((await stored(listing.id)).title).toBe(listing.title);
  });

  it('markListingSold (a completed trade) makes a listing sold, unavailable and final', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    await t.database.db.transaction((tx) => markListingSold(tx, listing.id));
    const row = await stored(listing.id);
    expect(row).toMatchObject({ status: 'sold', isAvailable: false });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { status: 'archived' });
    expect(res.statusCode).toBe(409);
  });

  it('dates the first publication and keeps that date when a listing goes live again', async () => {
    const owner = await member();
    const created = await call('POST', '/api/puzzle-listings', owner, { ...form(), status: 'draft' });
    const id = created.json().id as number;
    const published = await call('PATCH', `/api/puzzle-listings/${id}`, owner, { status: 'active' });
    const firstPublished = published.json().publishedAt as string;
    expect(firstPublished).toEqual(expect.any(String));
    await call('PATCH', `/api/puzzle-listings/${id}`, owner, { status: 'draft' });
    const again = await call('PATCH', `/api/puzzle-listings/${id}`, owner, { status: 'active' });
    expect(again.json().publishedAt).toBe(firstPublished);
  });

  it('refuses changes while a trade for the listing is under way', async () => {
    const owner = await member();
    const requester = await member();
    const listing = await createListing(t.database.db, owner.id);
    await t.database.db.insert(tradeRequests).values({
      puzzleListingId: listing.id,
      requesterId: requester.id,
      ownerId: owner.id,
      status: 'accepted',
      puzzlePointsCost: listing.puzzlePoints,
    });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { status: 'archived' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/trade in progress/);
    expect((await stored(listing.id)).status).toBe('active');
  });
});

describe('only the owner changes a listing', () => {
  it('another member gets 403 on a live listing and nothing changes', async () => {
    const owner = await member();
    const other = await member();
    const listing = await createListing(t.database.db, owner.id);
    for (const body of [{ status: 'archived' }, { ...form(), title: 'Mine now' }]) {
      const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, other, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the owner can change this listing.');
    }
    const row = await stored(listing.id);
    expect(row.status).toBe('active');
    expect(row.title).toBe(listing.title);
  });

  it('another member gets 404 on a draft (it does not exist for them) and nothing changes', async () => {
    const owner = await member();
    const other = await member();
    const listing = await createListing(t.database.db, owner.id, { status: 'draft' });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, other, { status: 'active' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Puzzle not found');
    expect((await stored(listing.id)).status).toBe('draft');
  });

  it('a signed-out visitor gets 401', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    expect((await call('PATCH', `/api/puzzle-listings/${listing.id}`, null, { status: 'draft' })).statusCode).toBe(401);
  });

  it('a signed-out visitor gets 401, not field errors, whatever the body', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    const bad = [{}, { title: '', pieces: 0 }, [1, 2], 'not an object'];
    for (const body of bad) {
      for (const [method, url] of [
        ['POST', '/api/puzzle-listings'],
        ['PATCH', `/api/puzzle-listings/${listing.id}`],
        ['PATCH', '/api/puzzle-listings/not-a-number'],
      ] as const) {
        const res = await call(method, url, null, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(401);
        expect(res.json()).not.toHaveProperty('errors');
      }
    }
    // Signed in, the same bad body is a 400 with the fields named.
    const res = await call('POST', '/api/puzzle-listings', owner, { title: '', pieces: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'title', message: 'Title is required' });
  });
});

describe('editing with the whole form', () => {
  it('updates every field and keeps the status when the form sends none', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    const edit = { ...form(), title: 'New title', subtitle: '', artist: null, puzzlePoints: 3, missingPieces: 2 };
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'New title',
      subtitle: null,
      artist: null,
      puzzlePoints: 3,
      missingPieces: 2,
      status: 'active',
    });
    const row = await stored(listing.id);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(listing.updatedAt.getTime());
    expect(row.searchText).toContain('new title');
  });

  it('keeps stored values for fields the body leaves out (no schema default overwrites them)', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { puzzlePoints: 9, difficulty: 'expert' });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, {
      title: 'Only the title',
      pieces: listing.pieces,
      condition: listing.condition,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Only the title',
      puzzlePoints: 9,
      difficulty: 'expert',
      subtitle: listing.subtitle,
    });
  });

  it('Save Draft and Update & Publish move the status by the same rules', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { status: 'archived' });
    const publish = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...form(), status: 'active' });
    expect(publish.statusCode).toBe(409);
    const draft = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...form(), status: 'draft' });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().status).toBe('draft');
    const live = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...form(), status: 'active' });
    expect(live.json()).toMatchObject({ status: 'active', publishedAt: expect.any(String) });
  });

  it('validates an edit like a create', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, { ...form(), title: '', pieces: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title is required' },
        { path: 'pieces', message: 'Pieces must be at least 1' },
      ]),
    );
    expect((await stored(listing.id)).title).toBe(listing.title);
  });

  it('refuses fewer pieces than the stored missing pieces', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, { pieces: 500, missingPieces: 20 });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, {
      title: listing.title,
      pieces: 10,
      condition: listing.condition,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('missingPieces');
  });

  it('keeps an image URL the listing already had, even from elsewhere', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id, {
      puzzleImageUrl: 'https://images.example/seeded.jpg',
    });
    const res = await call('PATCH', `/api/puzzle-listings/${listing.id}`, owner, {
      ...form(),
      puzzleImageUrl: 'https://images.example/seeded.jpg',
    });
    expect(res.statusCode).toBe(200);
    // Not one of ours, so no stored thumbnail: the image stands in for it.
    expect(res.json().puzzleThumbnailUrl).toBe('https://images.example/seeded.jpg');
  });
});

describe('browse shows a member’s change at once', () => {
  it('a new listing, an edit and an archive appear in browse immediately (nothing stale remembered)', async () => {
    const owner = await member();
    const search = () => call('GET', '/api/puzzle-listings?q=okapi&pageSize=1');
    expect((await search()).json()).toMatchObject({ total: 0, items: [] });
    const first = (
      await call('POST', '/api/puzzle-listings', owner, { ...form(), title: 'Okapi one', status: 'active' })
    ).json();
    await call('POST', '/api/puzzle-listings', owner, { ...form(), title: 'Okapi two', status: 'active' });
    // A full first page: the total comes from a count, which is then remembered...
    expect((await search()).json()).toMatchObject({ total: 2, hasMore: true });
    await call('POST', '/api/puzzle-listings', owner, { ...form(), title: 'Okapi three', status: 'active' });
    // ...and forgotten by the next write.
    expect((await search()).json().total).toBe(3);

    await call('PATCH', `/api/puzzle-listings/${first.id}`, owner, { ...form(), title: 'Okapi renamed' });
    const all = (await call('GET', '/api/puzzle-listings?q=okapi')).json();
    expect(all.items.map((l: { title: string }) => l.title)).toContain('Okapi renamed');

    await call('PATCH', `/api/puzzle-listings/${first.id}`, owner, { status: 'archived' });
    expect((await search()).json().total).toBe(2);
  });
});

describe('privacy of listing answers', () => {
  it('never carries the owner’s e-mail, phone, address or postcode', async () => {
    const owner = await member({ ...PRIVATE, firstName: 'Priya', lastName: 'Shah', town_or_city: 'York' });
    const viewer = await member();
    const active = await createListing(t.database.db, owner.id, { title: 'Privacy check puzzle' });
    await createListing(t.database.db, owner.id, { status: 'draft' });
    await call('POST', `/api/favorites/${active.id}`, viewer);
    const answers = [
      await call('GET', '/api/puzzle-listings'),
      await call('GET', '/api/puzzle-listings?q=privacy', viewer),
      await call('GET', '/api/puzzle-listings?location=YO1', viewer),
      await call('GET', `/api/puzzle-listings/${active.id}`),
      await call('GET', `/api/puzzle-listings/${active.id}`, owner),
      await call('GET', '/api/puzzle-listings/my-listings', owner),
      await call('POST', '/api/puzzle-listings', owner, form()),
      await call('PATCH', `/api/puzzle-listings/${active.id}`, owner, { status: 'active' }),
      await call('GET', '/api/favorites', viewer),
    ];
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      const raw = res.body;
      for (const secret of [PRIVATE.email, PRIVATE.phone, PRIVATE.line_1, PRIVATE.postcode, 'Shah']) {
        expect(raw, `answer ${i} leaks ${secret}`).not.toContain(secret);
      }
      for (const key of ['"email"', '"phone"', '"postcode"', '"line_1"', '"passwordHash"', '"lastName"']) {
        expect(raw).not.toContain(key);
      }
    }
    expect(answers[3]!.json()).toMatchObject({ ownerName: 'Priya S.', ownerTown: 'York' });
  });
});
