import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { favorites, puzzleListings, users } from '../../src/server/db/schema';
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

async function member() {
  const row = await createMember(t.database.db, { firstName: 'Joan', lastName: 'Baker', town_or_city: 'Kendal' });
  const { token } = await createSession(t.database.db, row.id, false);
  return { ...row, cookie: `jc_session=${token}` };
}
type Member = Awaited<ReturnType<typeof member>>;

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: Member | null) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });
}

async function storedFavorites(userId: number) {
  return t.database.db.select().from(favorites).where(eq(favorites.userId, userId));
}

describe('favourites', () => {
  it('need a member for every call', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    expect((await call('GET', '/api/favorites')).statusCode).toBe(401);
    expect((await call('POST', `/api/favorites/${listing.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/favorites/${listing.id}`)).statusCode).toBe(401);
  });

  it('adds, lists newest first with the card fields, and removes', async () => {
    const owner = await member();
    const me = await member();
    const first = await createListing(t.database.db, owner.id, { title: 'First favourite' });
    const second = await createListing(t.database.db, owner.id, { title: 'Second favourite' });

    const added = await call('POST', `/api/favorites/${first.id}`, me);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      id: expect.any(Number),
      puzzleListingId: first.id,
      createdAt: expect.any(String),
      listing: { id: first.id, title: 'First favourite', ownerName: 'Joan B.', ownerTown: 'Kendal', isFavorite: true },
    });
    await new Promise((r) => setTimeout(r, 5));
    expect((await call('POST', `/api/favorites/${second.id}`, me)).statusCode).toBe(201);

    const list = await call('GET', '/api/favorites', me);
    expect(list.statusCode).toBe(200);
    const body = list.json() as Array<{
      id: number;
      puzzleListingId: number;
      listing: { title: string; isFavorite: boolean };
    }>;
    expect(body.map((f) => f.puzzleListingId)).toEqual([second.id, first.id]);
    expect(body.every((f) => f.listing.isFavorite)).toBe(true);

    // Browse and detail agree.
    const detail = await call('GET', `/api/puzzle-listings/${first.id}`, me);
    expect(detail.json().isFavorite).toBe(true);

    const removed = await call('DELETE', `/api/favorites/${first.id}`, me);
    expect(removed.statusCode).toBe(204);
    expect((await storedFavorites(me.id)).map((f) => f.puzzleListingId)).toEqual([second.id]);
    expect((await call('GET', `/api/puzzle-listings/${first.id}`, me)).json().isFavorite).toBe(false);
  });

  it('adding twice is fine: 200 the second time, still one favourite', async () => {
    const owner = await member();
    const me = await member();
    const listing = await createListing(t.database.db, owner.id);
    const one = await call('POST', `/api/favorites/${listing.id}`, me);
    const two = await call('POST', `/api/favorites/${listing.id}`, me);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(200);
    expect(two.json().id).toBe(one.json().id);
    // Two quick taps at once must not race into an error either.
    const both = await Promise.all([
      call('POST', `/api/favorites/${listing.id}`, me),
      call('POST', `/api/favorites/${listing.id}`, me),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await storedFavorites(me.id)).toHaveLength(1);
  });

  it('removing what is not a favourite is a 404 with a message', async () => {
    const owner = await member();
    const me = await member();
    const listing = await createListing(t.database.db, owner.id);
    const res = await call('DELETE', `/api/favorites/${listing.id}`, me);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This puzzle is not in your favourites.');
  });

  it.each(['draft', 'archived', 'sold'] as const)(
    'a %s listing cannot be favourited: Puzzle not found',
    async (status) => {
      const owner = await member();
      const me = await member();
      const listing = await createListing(t.database.db, owner.id, { status });
      const res = await call('POST', `/api/favorites/${listing.id}`, me);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Puzzle not found');
      expect(await storedFavorites(me.id)).toHaveLength(0);
    },
  );

  it('404s for a listing that does not exist or a bad id', async () => {
    const me = await member();
    for (const id of ['999999', 'abc']) {
      expect((await call('POST', `/api/favorites/${id}`, me)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/favorites/${id}`, me)).statusCode).toBe(404);
    }
  });

  it('each member has only their own list: nobody else can see or remove mine', async () => {
    const owner = await member();
    const me = await member();
    const other = await member();
    const listing = await createListing(t.database.db, owner.id);
    await call('POST', `/api/favorites/${listing.id}`, me);

    expect((await call('GET', '/api/favorites', other)).json()).toEqual([]);
    const res = await call('DELETE', `/api/favorites/${listing.id}`, other);
    expect(res.statusCode).toBe(404);
    expect(await storedFavorites(me.id)).toHaveLength(1);
    // Another member favouriting the same listing is their own row.
    expect((await call('POST', `/api/favorites/${listing.id}`, other)).statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.puzzleListingId, listing.id)));
    expect(rows).toHaveLength(2);
  });

  it('a favourite whose listing is no longer live leaves the list, and comes back when it is relisted', async () => {
    const owner = await member();
    const me = await member();
    const listing = await createListing(t.database.db, owner.id);
    await call('POST', `/api/favorites/${listing.id}`, me);
    await t.database.db.update(puzzleListings).set({ status: 'draft' }).where(eq(puzzleListings.id, listing.id));
    expect((await call('GET', '/api/favorites', me)).json()).toEqual([]);
    await t.database.db.update(puzzleListings).set({ status: 'active' }).where(eq(puzzleListings.id, listing.id));
    expect((await call('GET', '/api/favorites', me)).json()).toHaveLength(1);
  });

  it('lists in one query however many there are, leaving out a suspended owner’s', async () => {
    const [owner, suspended, me] = [await member(), await member(), await member()];
    const shown = [await createListing(t.database.db, owner.id), await createListing(t.database.db, owner.id)];
    const hidden = await createListing(t.database.db, suspended.id);
    for (const listing of [...shown, hidden]) await call('POST', `/api/favorites/${listing.id}`, me);
    await t.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'A test' })
      .where(eq(users.id, suspended.id));
    const list = async () => {
      const answer = (await call('GET', '/api/favorites', me)).json() as Array<{ puzzleListingId: number }>;
      expect(answer.map((f) => f.puzzleListingId)).toEqual([shown[1]!.id, shown[0]!.id]);
    };
    await list(); // the session's statement is prepared on first use
    // The favourites and their listings in one query: on PostgreSQL a prepared statement on
    // the pool, past the Drizzle client, so counted as round trips there (the session's first).
    if (testDbKind === 'postgres') expect(await roundTripsDuring(t.ctx, list)).toHaveLength(2);
    else expect(await queriesDuring(t.database.db, list)).toEqual({ raw: 1, built: 0 });
  });

  it.runIf(testDbKind === 'postgres')(
    "adding one reads the listing with the puzzle page's prepared statement, then writes it",
    async () => {
      const owner = await member();
      const me = await member();
      const listing = await createListing(t.database.db, owner.id);
      let answer: Awaited<ReturnType<typeof call>> | undefined;
      const sent = await statementsSentDuring(t.ctx, async () => {
        answer = await call('POST', `/api/favorites/${listing.id}`, me);
      });
      expect(answer!.statusCode).toBe(201);
      expect(answer!.json()).toMatchObject({ puzzleListingId: listing.id });
      // The session, the listing (planned once a connection: planning it cost several times
      // running it, docs/performance.md), the favourite.
      expect(sent).toHaveLength(3);
      expect(sent[1]).toMatchObject({
        name: expect.any(String),
        text: expect.stringMatching(/^SELECT json_build_object\(/),
      });
      expect(await storedFavorites(me.id)).toHaveLength(1);
    },
  );

  it('a deleted listing takes its favourites with it', async () => {
    const owner = await member();
    const me = await member();
    const listing = await createListing(t.database.db, owner.id);
    await call('POST', `/api/favorites/${listing.id}`, me);
    await t.database.db.delete(puzzleListings).where(eq(puzzleListings.id, listing.id));
    expect(await storedFavorites(me.id)).toHaveLength(0);
  });
});
