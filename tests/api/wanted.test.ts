import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchesBrowseFilters } from '../../src/domain/browse';
import { savedSearchFilters } from '../../src/domain/wanted';
import { queryRows } from '../../src/server/db/client';
import { puzzleListings, savedSearchMatches, tradingNotifications, users, wishes } from '../../src/server/db/schema';
import { afterReplyIdle } from '../../src/server/http/after-reply';
import { sweepWanted } from '../../src/server/jobs/wanted-sweeper';
import { insertNotifications } from '../../src/server/notifications/notifications-repository';
import { drainNotices } from '../../src/server/notices/notices';
import {
  matchAfterReply,
  queueWantedMatching,
  stopWantedMatching,
} from '../../src/server/wanted/wanted-matching-service';
import { statementsSentDuring } from '../support/count-queries';
import { testDbKind } from '../support/test-database';
import { signedInMember, useTradeTestApp, type SignedIn } from './trades-fixtures';

// Wanted (docs/product/wanted.md, docs/api/wanted.md): saved searches and their alerts, the
// wish list, and the first offer in turn. Listings go live through the API, as members do;
// the matching runs after the answer, so each publish waits for it.

const app = useTradeTestApp();
const { api, db } = app;
const HOUR = 60 * 60 * 1000;

let titleSequence = 0;
const uniqueTitle = (base: string) => `${base} ${++titleSequence}${Date.now().toString(36)}`;

async function settle() {
  await afterReplyIdle(app.t.ctx);
  await drainNotices(app.t.ctx);
}

async function publish(owner: SignedIn, fields: Record<string, unknown> = {}) {
  const res = await api.post('/api/puzzle-listings', owner, {
    title: uniqueTitle('Lighthouse at Dusk'),
    pieces: 1000,
    condition: 'very_good',
    difficulty: 'medium',
    puzzlePoints: 5,
    status: 'active',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  await settle();
  return res.json() as { id: number; title: string; heldUntil: string | null };
}

async function notificationsOf(memberId: number, type: string) {
  return db()
    .select()
    .from(tradingNotifications)
    .where(and(eq(tradingNotifications.userId, memberId), eq(tradingNotifications.type, type)));
}

const save = (who: SignedIn, body: object) => api.post('/api/saved-searches', who, body);

/** A live listing queued for matching and never matched, as a process that stopped after the publish committed leaves it. */
async function queuedUnmatched(ownerId: number, title: string, pieces = 1000, at = new Date()): Promise<number> {
  const [row] = await db()
    .insert(puzzleListings)
    .values({ userId: ownerId, title, pieces, condition: 'good', status: 'active', publishedAt: at })
    .returning();
  await queueWantedMatching(db(), row!.id, at);
  return row!.id;
}

describe('saved searches', () => {
  it('saves browse filters with a name made from them and the default alert; refuses an empty question', async () => {
    const member = await signedInMember(db());
    const saved = await save(member, { query: { q: 'harbour', difficulty: 'hard', sort: 'newest', page: 2 } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      name: '“harbour”, hard',
      query: { q: 'harbour', difficulty: 'hard' },
      alert: 'instant',
      newMatches: 0,
    });
    // Sort and paging are not filters: nothing else to save.
    const empty = await save(member, { query: { sort: 'newest' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Choose at least one filter to save');
    const badAlert = await save(member, { query: { q: 'x' }, alert: 'hourly' });
    expect(badAlert.statusCode).toBe(400);
    const long = await save(member, { name: 'x'.repeat(61), query: { q: 'mill' } });
    expect(long.statusCode).toBe(400);
  });

  it('keeps at most 25 per member', async () => {
    const member = await signedInMember(db());
    for (let i = 0; i < 25; i++) expect((await save(member, { query: { minPieces: i + 1 } })).statusCode).toBe(201);
    const over = await save(member, { query: { q: 'one more' } });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can keep up to 25 saved searches. Delete one to save another.');
    const list = (await api.get('/api/saved-searches', member)).json() as { query: { minPieces: string } }[];
    expect(list).toHaveLength(25);
    expect(list[0]!.query.minPieces).toBe('25'); // newest first
  });

  it('lists, renames, changes the alert and the question, deletes; another member gets 404', async () => {
    const member = await signedInMember(db());
    const other = await signedInMember(db());
    const id = (await save(member, { name: 'Castles', query: { q: 'castle' }, alert: 'weekly' })).json().id as number;
    const changed = await api.patch(`/api/saved-searches/${id}`, member, { name: 'Welsh castles', alert: 'off' });
    expect(changed.json()).toMatchObject({ id, name: 'Welsh castles', alert: 'off', query: { q: 'castle' } });
    const requery = await api.patch(`/api/saved-searches/${id}`, member, { query: { q: 'castle', maxPieces: 500 } });
    expect(requery.json().query).toEqual({ q: 'castle', maxPieces: '500' });
    for (const res of [
      await api.get(`/api/saved-searches/${id}/matches`, other),
      await api.patch(`/api/saved-searches/${id}`, other, { name: 'Mine now' }),
      await api.delete(`/api/saved-searches/${id}`, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Saved search not found');
    }
    expect((await api.get('/api/saved-searches', other)).json()).toEqual([]);
    expect((await api.delete(`/api/saved-searches/${id}`, member)).statusCode).toBe(204);
    expect((await api.get('/api/saved-searches', member)).json()).toEqual([]);
    expect((await api.get('/api/saved-searches', undefined)).statusCode).toBe(401);
  });
});

describe('a listing going live and the saved searches it matches', () => {
  it('tells each matching member once (however many searches match), never the owner or a suspended member', async () => {
    const word = `zq${Date.now().toString(36)}`;
    const owner = await signedInMember(db());
    const keen = await signedInMember(db());
    const daily = await signedInMember(db());
    const suspended = await signedInMember(db());
    const first = (await save(keen, { name: 'By word', query: { q: word } })).json().id as number;
    await save(keen, { name: 'Word and size', query: { q: word, minPieces: 500 } });
    await save(keen, { name: 'Too small', query: { q: word, maxPieces: 100 } });
    await save(daily, { query: { q: word }, alert: 'daily' });
    await save(owner, { query: { q: word } });
    await save(suspended, { query: { q: word } });
    await db()
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'Test' })
      .where(eq(users.id, suspended.id));

    const listing = await publish(owner, { title: `The ${word} Harbour` });
    const told = await notificationsOf(keen.id, 'wanted_match');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `A puzzle you are looking for: ${listing.title}`,
      message: `“${listing.title}” has just been listed and matches 2 of your saved searches.`,
      link: `/puzzle/${listing.id}`,
    });
    const mail = await app.mail.waitFor(keen.email, { subject: 'A puzzle you are looking for' });
    expect(mail.text).toContain(listing.title);
    // A saved-search e-mail can be stopped in one click (RFC 8058, docs/product/email.md).
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/[^>]+\/api\/unsubscribe\?token=\d+\.wanted\./);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Daily: in the app now, the e-mail waits for the digest.
    const dailyTold = await notificationsOf(daily.id, 'wanted_match');
    expect(dailyTold).toHaveLength(1);
    expect(dailyTold[0]!.emailSent).toBe(false);
    expect(await notificationsOf(owner.id, 'wanted_match')).toEqual([]);
    expect(await notificationsOf(suspended.id, 'wanted_match')).toEqual([]);

    const list = (await api.get('/api/saved-searches', keen)).json() as { id: number; newMatches: number }[];
    expect(list.find((s) => s.id === first)!.newMatches).toBe(1);
    const page = await api.get(`/api/saved-searches/${first}/matches`, keen);
    expect(page.json()).toMatchObject({ total: 1, page: 1, items: [{ id: listing.id }] });
    const after = (await api.get('/api/saved-searches', keen)).json() as { id: number; newMatches: number }[];
    expect(after.find((s) => s.id === first)!.newMatches).toBe(0);

    // Back to drafts and live again: not news twice.
    expect((await api.patch(`/api/puzzle-listings/${listing.id}`, owner, { status: 'draft' })).statusCode).toBe(200);
    expect((await api.patch(`/api/puzzle-listings/${listing.id}`, owner, { status: 'active' })).statusCode).toBe(200);
    await settle();
    expect(await notificationsOf(keen.id, 'wanted_match')).toHaveLength(1);
  });

  it('a question changed after it was matched is matched as it now reads (each question is parsed once until it changes)', async () => {
    const word = `zr${Date.now().toString(36)}`;
    const owner = await signedInMember(db());
    const keen = await signedInMember(db());
    const id = (await save(keen, { query: { q: word, maxPieces: 500 } })).json().id as number;
    await publish(owner, { title: `The ${word} Quay`, pieces: 300 });
    expect(await notificationsOf(keen.id, 'wanted_match')).toHaveLength(1);

    // Now only big puzzles: a small one is no longer news, a big one is.
    const changed = await api.patch(`/api/saved-searches/${id}`, keen, { query: { q: word, minPieces: 1000 } });
    expect(changed.statusCode, changed.body).toBe(200);
    await publish(owner, { title: `The ${word} Pier`, pieces: 300 });
    expect(await notificationsOf(keen.id, 'wanted_match')).toHaveLength(1);
    const big = await publish(owner, { title: `The ${word} Lock`, pieces: 1000 });
    const told = await notificationsOf(keen.id, 'wanted_match');
    expect(told).toHaveLength(2);
    expect(told.map((n) => n.link)).toContain(`/puzzle/${big.id}`);
  });

  it('matches exactly the listings browse finds for each saved question (the keyed look-up and the rule agree)', async () => {
    const tag = `yx${Date.now().toString(36)}`;
    const owner = await signedInMember(db());
    const member = await signedInMember(db());
    const queries: Record<string, string>[] = [
      { q: `${tag} mill` },
      { q: `${tag} mills` },
      { artist: `${tag}ington` },
      { q: tag, difficulty: 'hard' },
      { q: tag, condition: 'good', minPieces: '600' },
      { q: tag, year: 'vintage' },
      { q: tag, completeOnly: 'true', maxPoints: '6' },
    ];
    const ids: number[] = [];
    for (const query of queries) ids.push((await save(member, { query })).json().id as number);
    const made = [
      { title: `Old ${tag} Mill`, difficulty: 'hard', condition: 'good', pieces: 1000, yearOfManufacture: 1985 },
      { title: `The ${tag} Mills`, difficulty: 'easy', condition: 'fair', pieces: 300, puzzlePoints: 3 },
      { title: `Harbour ${tag}`, artist: `Jo ${tag}ington`, condition: 'good', pieces: 500, missingPieces: 2 },
      { title: `Unrelated ${tag}`, difficulty: 'expert', condition: 'new', pieces: 2000, puzzlePoints: 9 },
    ];
    const listings = [];
    for (const fields of made) listings.push(await publish(owner, fields));
    const ours = new Set(listings.map((l) => l.id));
    const rows = await db()
      .select()
      .from(puzzleListings)
      .where(
        sql`${puzzleListings.id} IN (${sql.join(
          [...ours].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    for (const [i, id] of ids.entries()) {
      const stored = await db().select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id));
      const matched = stored.map((m) => m.listingId).sort();
      const page = (await api.get(`/api/saved-searches/${id}/matches`, member)).json() as { items: { id: number }[] };
      const browsed = page.items
        .map((l) => l.id)
        .filter((lid) => ours.has(lid))
        .sort();
      const byRule = rows
        .filter((r) => matchesBrowseFilters(r, savedSearchFilters(queries[i]!)))
        .map((r) => r.id)
        .sort();
      expect(matched, JSON.stringify(queries[i])).toEqual(browsed);
      expect(matched).toEqual(byRule);
    }
  });
});

const wish = (who: SignedIn, body: object) => api.post('/api/wishes', who, body);

describe('the wish list', () => {
  it('adds by title or by listing, refuses the same puzzle twice, says the place in line, removes; others 404', async () => {
    const title = uniqueTitle('Bluebell Wood');
    const [a, b, c] = [await signedInMember(db()), await signedInMember(db()), await signedInMember(db())];
    expect((await wish(a, { title })).statusCode).toBe(201);
    expect((await wish(b, { title: title.toUpperCase(), pieces: 1000 })).statusCode).toBe(201);
    const mine = await wish(c, { title: `${title}!` });
    expect(mine.json()).toMatchObject({ title: `${title}!`, ahead: 2, offer: null, pieces: null });
    const twice = await wish(c, { title: ` ${title.toLowerCase().replace(' ', '-')} ` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('It is already on your wish list');
    expect((await api.get(`/api/wishes/demand?title=${encodeURIComponent(title)}`, a)).json()).toEqual({ waiting: 3 });
    expect((await api.get(`/api/wishes/demand?title=${encodeURIComponent(title)}&pieces=500`, a)).json()).toEqual({
      waiting: 2,
    });
    expect((await api.get('/api/wishes/demand', a)).statusCode).toBe(400);

    const owner = await signedInMember(db());
    const listing = await publish(owner, { title: 'Puffins on Skomer', status: 'draft' });
    expect((await wish(a, { listingId: listing.id })).statusCode).toBe(404); // a draft is the owner's alone
    const { id } = mine.json() as { id: number };
    expect((await api.delete(`/api/wishes/${id}`, a)).statusCode).toBe(404);
    expect((await api.post(`/api/wishes/${id}/pass`, a)).statusCode).toBe(404);
    expect((await api.delete(`/api/wishes/${id}`, c)).statusCode).toBe(204);
    expect((await api.get('/api/wishes', c)).json()).toEqual([]);
  });

  it('keeps at most 100 per member', async () => {
    const member = await signedInMember(db());
    await db()
      .insert(wishes)
      .values(Array.from({ length: 100 }, (_, i) => ({ memberId: member.id, title: `W ${i}`, titleKey: `w${i}` })));
    const over = await wish(member, { title: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can keep up to 100 puzzles on your wish list. Remove one to add another.');
  });
});

describe("a broad listing's notices, written at once", () => {
  it('gives back each new notification id in the order the members were given, with their own words', async () => {
    const members = [await signedInMember(db()), await signedInMember(db()), await signedInMember(db())];
    const at = new Date('2026-12-01T10:00:00.000Z');
    const order = [members[2]!, members[0]!, members[1]!];
    const ids = await insertNotifications(
      db(),
      order.map((m, i) => ({
        userId: m.id,
        tradeRequestId: null,
        type: 'wanted_match',
        title: `For ${m.id}`,
        message: `Line ${i}, with 'quotes' and "marks"`,
        link: i === 0 ? null : `/puzzles/${i}`,
        createdAt: at,
      })),
    );
    expect(ids).toHaveLength(3);
    const rows = await db().select().from(tradingNotifications).where(inArray(tradingNotifications.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    ids.forEach((id, i) => {
      expect(byId.get(id)).toMatchObject({
        userId: order[i]!.id,
        title: `For ${order[i]!.id}`,
        message: `Line ${i}, with 'quotes' and "marks"`,
        link: i === 0 ? null : `/puzzles/${i}`,
        tradeRequestId: null,
        isRead: false,
        createdAt: at,
      });
    });
  });
});

describe('the Wanted page', () => {
  it.runIf(testDbKind === 'postgres')(
    'reads each list in one prepared statement beside the session, with what the member saved',
    async () => {
      const member = await signedInMember(db());
      await save(member, { name: 'Castles', query: { q: 'castle' } });
      const title = uniqueTitle('Bluebell Wood');
      await wish(member, { title });
      for (const path of ['/api/saved-searches', '/api/wishes']) {
        let answer: Awaited<ReturnType<typeof api.get>> | undefined;
        const sent = await statementsSentDuring(app.t.ctx, async () => void (answer = await api.get(path, member)));
        expect(answer!.statusCode).toBe(200);
        expect(answer!.json()).toHaveLength(1);
        // The session's look-up, then the list, both planned once a connection (docs/performance.md).
        expect(sent.map((statement) => statement.name)).toEqual([expect.any(String), expect.any(String)]);
      }
      expect((await api.get('/api/wishes', member)).json()).toMatchObject([{ title, ahead: 0, offer: null }]);
      expect((await api.get('/api/saved-searches', member)).json()).toMatchObject([{ name: 'Castles', newMatches: 0 }]);
    },
  );
});

describe('the first offer, in turn', () => {
  async function line(title: string, count: number) {
    const members: SignedIn[] = [];
    for (let i = 0; i < count; i++) {
      const m = await signedInMember(db(), { points: 2 });
      expect((await wish(m, { title })).statusCode).toBe(201);
      members.push(m);
    }
    return members;
  }

  it('offers to the longest waiting, skips owner and suspended (who keep their place), moves on by pass and time-out, opens after 3', async () => {
    const title = uniqueTitle('Red Squirrels');
    const owner = await signedInMember(db());
    const suspended = (await line(title, 1))[0]!;
    expect((await wish(owner, { title })).statusCode).toBe(201);
    const [first, second, third, fourth] = (await line(title, 4)) as [SignedIn, SignedIn, SignedIn, SignedIn];
    await db()
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'Test' })
      .where(eq(users.id, suspended.id));

    const listing = await publish(owner, { title, puzzlePoints: 5 });
    expect(listing.heldUntil).toBeNull(); // the answer comes before the matching
    const held = (await api.get(`/api/puzzle-listings/${listing.id}`, first)).json();
    expect(held.heldForMe).toBe(true);
    const until = new Date(held.heldUntil as string);
    expect(until.getTime() - Date.now()).toBeGreaterThan(47 * HOUR);
    expect((await api.get(`/api/puzzle-listings/${listing.id}`, second)).json().heldForMe).toBe(false);
    const offer = await notificationsOf(first.id, 'wish_offer');
    expect(offer).toHaveLength(1);
    expect(offer[0]!.message).toContain('you need 3 more PuzzlePoints to request it');
    const offerMail = await app.mail.waitFor(first.email, { subject: 'Offered to you first' });
    // A first offer comes whatever the member's choices, so it has no unsubscribe (decision 0033).
    expect(offerMail.headers['list-unsubscribe']).toBeUndefined();
    expect(offerMail.headers['list-unsubscribe-post']).toBeUndefined();
    expect((await api.get('/api/wishes', first)).json()[0].offer).toEqual({
      listingId: listing.id,
      until: held.heldUntil,
    });
    // The suspended member keeps their wish (their place) but is not offered it.
    expect(await db().select().from(wishes).where(eq(wishes.memberId, suspended.id))).toHaveLength(1);
    expect(await notificationsOf(suspended.id, 'wish_offer')).toEqual([]);

    const refused = await api.post('/api/trade-requests', second, { puzzleListingId: listing.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^This puzzle is being offered first to a member who asked for it\. Anyone can request it from \d{1,2} \w{3} \d{4} at \d\d:\d\d\.$/,
    );
    expect(
      (await api.post(`/api/wishes/${(await api.get('/api/wishes', second)).json()[0].id}/pass`, second)).json()
        .message,
    ).toBe('This puzzle is not being offered to you.');

    // The first passes: the second is offered it at once.
    const firstWish = (await api.get('/api/wishes', first)).json()[0].id as number;
    expect((await api.post(`/api/wishes/${firstWish}/pass`, first)).statusCode).toBe(204);
    await settle();
    expect(await notificationsOf(second.id, 'wish_offer')).toHaveLength(1);
    // The first keeps the wish for another copy.
    expect((await api.get('/api/wishes', first)).json()[0].offer).toBeNull();

    // Not yet due: nothing moves; after 48 hours the third is offered it, exactly once.
    expect((await sweepWanted(app.t.ctx, new Date(Date.now() + 47 * HOUR))).offersMoved).not.toContain(listing.id);
    const [one, two] = await Promise.all([
      sweepWanted(app.t.ctx, new Date(Date.now() + 49 * HOUR)),
      sweepWanted(app.t.ctx, new Date(Date.now() + 49 * HOUR)),
    ]);
    expect([...one.offersMoved, ...two.offersMoved].filter((id) => id === listing.id)).toHaveLength(1);
    expect(await notificationsOf(third.id, 'wish_offer')).toHaveLength(1);

    // Three offers made: when the third's time runs out it is open to all, the fourth never offered.
    await sweepWanted(app.t.ctx, new Date(Date.now() + 100 * HOUR));
    expect(await notificationsOf(fourth.id, 'wish_offer')).toEqual([]);
    const open = (await api.get(`/api/puzzle-listings/${listing.id}`, fourth)).json();
    expect(open.heldUntil).toBeNull();
  });

  it('the member offered it requests it: the hold ends, and once accepted the wish is fulfilled', async () => {
    const title = uniqueTitle('Swans at Slimbridge');
    const owner = await signedInMember(db());
    const [keen] = await line(title, 1);
    await db().update(users).set({ puzzlePoints: 10 }).where(eq(users.id, keen!.id));
    const listing = await publish(owner, { title, puzzlePoints: 1 });
    expect((await notificationsOf(keen!.id, 'wish_offer'))[0]!.message).not.toContain('more PuzzlePoint');
    const req = await api.post('/api/trade-requests', keen!, { puzzleListingId: listing.id });
    expect(req.statusCode, req.body).toBe(201);
    expect((await api.get(`/api/puzzle-listings/${listing.id}`, owner)).json().heldUntil).toBeNull();
    expect((await api.post(`/api/trade-requests/${req.json().id}/accept`, owner)).statusCode).toBe(200);
    expect((await api.get('/api/wishes', keen!)).json()).toEqual([]);
  });

  it('a listing nobody waits for is not held; a removed wish passes the offer on', async () => {
    const owner = await signedInMember(db());
    const alone = await publish(owner, { title: uniqueTitle('Nobody Wants') });
    expect((await api.get(`/api/puzzle-listings/${alone.id}`, owner)).json().heldUntil).toBeNull();

    const title = uniqueTitle('Kingfisher');
    const [a, b] = await line(title, 2);
    const listing = await publish(owner, { title });
    const aWish = (await api.get('/api/wishes', a!)).json()[0].id as number;
    expect((await api.delete(`/api/wishes/${aWish}`, a!)).statusCode).toBe(204);
    await settle();
    expect((await api.get('/api/wishes', b!)).json()[0].offer.listingId).toBe(listing.id);
  });

  it("one matcher works through the queue oldest first, each listing once, whoever's publish woke it", async () => {
    const word = `qm${Date.now().toString(36)}`;
    const owner = await signedInMember(db());
    const searcher = await signedInMember(db());
    expect((await save(searcher, { query: { q: word } })).statusCode).toBe(201);
    // Three listings queued earlier and never matched, queued in another order than made.
    const ago = [3, 1, 2].map((s) => new Date(Date.now() - s * 1000));
    const queued: number[] = [];
    for (const [i, at] of ago.entries()) {
      queued.push(await queuedUnmatched(owner.id, `${word} ${i}`, 500, at));
    }
    // A publish wakes the matcher: it takes the whole queue, its own listing last.
    const published = await publish(owner, { title: `${word} live` });
    const [left] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM wanted_pending_listings`);
    expect(left!.n).toBe(0);
    // Each listing matched once, in queue order (the notices' ids follow the order they were written).
    const told = (await notificationsOf(searcher.id, 'wanted_match')).sort((a, b) => a.id - b.id);
    expect(told.map((n) => n.link)).toEqual(
      [queued[0], queued[2], queued[1], published.id].map((id) => `/puzzle/${id}`),
    );
    const matches = await db().select().from(savedSearchMatches).where(eq(savedSearchMatches.memberId, searcher.id));
    expect(matches).toHaveLength(4);
  });

  it("a closing app's matcher takes nothing more: the listing stays queued for another matcher", async () => {
    const title = uniqueTitle('Closing Time');
    const owner = await signedInMember(db());
    const [a] = await line(title, 1);
    const listingId = await queuedUnmatched(owner.id, title);
    // Another app on the same database (its own matcher), closing.
    const closing = { ...app.t.ctx };
    stopWantedMatching(closing);
    matchAfterReply(closing, app.t.app.log);
    await afterReplyIdle(closing);
    const queued = () => queryRows(db(), sql`SELECT 1 FROM wanted_pending_listings WHERE listing_id = ${listingId}`);
    expect(await queued()).toHaveLength(1);
    matchAfterReply(app.t.ctx, app.t.app.log);
    await settle();
    expect(await queued()).toHaveLength(0);
    expect(await notificationsOf(a!.id, 'wish_offer')).toHaveLength(1);
  });

  it('a listing queued but not matched (its process stopped) is matched by the sweeper, once', async () => {
    const title = uniqueTitle('Lost Turn');
    const owner = await signedInMember(db());
    const [a] = await line(title, 1);
    const listingId = await queuedUnmatched(owner.id, title);
    const swept = await sweepWanted(app.t.ctx, new Date(Date.now() + 60_000));
    expect(swept.listingsMatched).toContain(listingId);
    expect((await sweepWanted(app.t.ctx, new Date(Date.now() + 60_000))).listingsMatched).not.toContain(listingId);
    expect(await notificationsOf(a!.id, 'wish_offer')).toHaveLength(1);
  });
});

// An away member (docs/product/trust.md#away): their listings tell no saved search and are
// offered to nobody first; they are passed by for first offers and keep their place in line.
describe('a member who is away', () => {
  const DAY = 24 * HOUR;
  const goAway = async (who: SignedIn) => {
    const until = new Date(Date.now() + 10 * DAY).toISOString();
    const res = await app.t.app.inject({
      method: 'PUT',
      url: '/api/profile/away',
      payload: { until },
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const comeBack = async (who: SignedIn) => expect((await api.delete('/api/profile/away', who)).statusCode).toBe(200);

  it("an away owner's new listing tells no saved search and is held for nobody; once back, their next one is", async () => {
    const word = `aw${Date.now().toString(36)}`;
    const title = uniqueTitle(`The ${word} Mill`);
    const owner = await signedInMember(db());
    const keen = await signedInMember(db());
    const waiting = await signedInMember(db(), { points: 10 });
    const search = (await save(keen, { query: { q: word } })).json().id as number;
    expect((await wish(waiting, { title })).statusCode).toBe(201);

    await goAway(owner);
    const quiet = await publish(owner, { title });
    expect(await notificationsOf(keen.id, 'wanted_match')).toEqual([]);
    expect(await notificationsOf(waiting.id, 'wish_offer')).toEqual([]);
    expect((await api.get(`/api/puzzle-listings/${quiet.id}`, waiting)).json().heldUntil).toBeNull();
    const list = (await api.get('/api/saved-searches', keen)).json() as { id: number; newMatches: number }[];
    expect(list.find((s) => s.id === search)!.newMatches).toBe(0);
    expect((await api.get(`/api/saved-searches/${search}/matches`, keen)).json()).toMatchObject({ total: 0 });

    await comeBack(owner);
    const told = await publish(owner, { title });
    expect(await notificationsOf(keen.id, 'wanted_match')).toHaveLength(1);
    expect((await notificationsOf(waiting.id, 'wish_offer')).map((n) => n.link)).toEqual([`/puzzle/${told.id}`]);
  });

  it("a listing that matched before its owner went away leaves the search's matches and new count while they are away", async () => {
    const word = `ax${Date.now().toString(36)}`;
    const owner = await signedInMember(db());
    const keen = await signedInMember(db());
    const search = (await save(keen, { query: { q: word } })).json().id as number;
    const listing = await publish(owner, { title: `The ${word} Harbour` });
    const newMatches = async () =>
      ((await api.get('/api/saved-searches', keen)).json() as { id: number; newMatches: number }[]).find(
        (s) => s.id === search,
      )!.newMatches;
    expect(await newMatches()).toBe(1);

    await goAway(owner);
    expect(await newMatches()).toBe(0);
    await comeBack(owner);
    expect(await newMatches()).toBe(1);
    const page = await api.get(`/api/saved-searches/${search}/matches`, keen);
    expect(page.json()).toMatchObject({ total: 1, items: [{ id: listing.id }] });
  });

  it('first offers pass an away member by; their wish keeps its place, and once back they are offered the next copy first', async () => {
    const title = uniqueTitle('Otters at Dawn');
    const owner = await signedInMember(db());
    const [oldest, next] = [await signedInMember(db(), { points: 10 }), await signedInMember(db(), { points: 10 })];
    expect((await wish(oldest, { title })).statusCode).toBe(201);
    expect((await wish(next, { title })).statusCode).toBe(201);

    await goAway(oldest);
    const first = await publish(owner, { title });
    expect(await notificationsOf(oldest.id, 'wish_offer')).toEqual([]);
    expect((await api.get(`/api/puzzle-listings/${first.id}`, next)).json().heldForMe).toBe(true);
    // Passed by, not moved back: still first in line, the wish still waiting.
    expect((await api.get('/api/wishes', oldest)).json()).toEqual([
      expect.objectContaining({ title, ahead: 0, offer: null }),
    ]);
    expect((await api.get('/api/wishes', next)).json()[0].ahead).toBe(1);

    await comeBack(oldest);
    const second = await publish(owner, { title });
    expect((await api.get(`/api/puzzle-listings/${second.id}`, oldest)).json().heldForMe).toBe(true);
    expect((await notificationsOf(oldest.id, 'wish_offer')).map((n) => n.link)).toEqual([`/puzzle/${second.id}`]);
  });
});
