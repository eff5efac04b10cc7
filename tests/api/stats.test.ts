import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { queryRows } from '../../src/server/db/client';
import { CLUB_NUMBERS_TTL_MS } from '../../src/server/stats/stats-repository';
import {
  communityPosts,
  tradeRequests,
  tradingFeedback,
  userActivities,
  users,
  type NewUserActivity,
} from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../support/build-app';
import { statementsSentDuring } from '../support/count-queries';
import { testDbKind } from '../support/test-database';
import { createListing, createMember, type NewMemberInput } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function member(input: NewMemberInput = {}) {
  const row = await createMember(t.database.db, input);
  const { token } = await createSession(t.database.db, row.id, false);
  return { row, cookie: `jc_session=${token}` };
}

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** A completed trade of one of `ownerId`'s puzzles, and the feedback left on it. */
async function completedTrade(opts: {
  ownerId: number;
  requesterId: number;
  completedDaysAgo: number;
  toOwner?: { rating: number; isVisible?: boolean };
  toRequester?: { rating: number };
}) {
  const db = t.database.db;
  const listing = await createListing(db, opts.ownerId, { status: 'sold', isAvailable: false });
  const completedAt = daysAgo(opts.completedDaysAgo);
  const [trade] = await db
    .insert(tradeRequests)
    .values({
      puzzleListingId: listing.id,
      requesterId: opts.requesterId,
      ownerId: opts.ownerId,
      status: 'completed',
      puzzlePointsCost: listing.puzzlePoints,
      acceptedAt: completedAt,
      shippedAt: completedAt,
      deliveredAt: completedAt,
      completedAt,
    })
    .returning();
  const rows: (typeof tradingFeedback.$inferInsert)[] = [];
  if (opts.toOwner) {
    rows.push({
      tradeRequestId: trade!.id,
      fromUserId: opts.requesterId,
      toUserId: opts.ownerId,
      rating: opts.toOwner.rating,
      comment: 'Arrived well packed, every piece there.',
      isVisible: opts.toOwner.isVisible ?? true,
    });
  }
  if (opts.toRequester) {
    rows.push({
      tradeRequestId: trade!.id,
      fromUserId: opts.ownerId,
      toUserId: opts.requesterId,
      rating: opts.toRequester.rating,
      comment: 'Lovely to trade with.',
    });
  }
  if (rows.length > 0) await db.insert(tradingFeedback).values(rows);
  return trade!;
}

describe('signed-in only', () => {
  it.each(['/api/stats', '/api/activity/recent', '/api/member-content'])(
    '%s answers 401 when signed out',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    },
  );
});

describe('GET /api/stats', () => {
  it("a new member has nothing listed, no trades and no rating (the page shows 'New Member')", async () => {
    const { cookie } = await member();
    const res = await get('/api/stats', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ puzzlesListed: 0, successfulTrades: 0, rating: null });
  });

  it("counts the member's listings in every status but draft, and their completed trades", async () => {
    const { row, cookie } = await member({ completedTrades: 4 });
    const other = await member();
    for (const status of ['draft', 'draft', 'active', 'active', 'sold', 'archived'] as const) {
      await createListing(t.database.db, row.id, { status });
    }
    await createListing(t.database.db, other.row.id, { status: 'active' });

    const res = await get('/api/stats', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ puzzlesListed: 4, successfulTrades: 4, rating: null });
  });

  it('rates the member by the visible feedback they received, to one decimal', async () => {
    const { row, cookie } = await member();
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const ownerId = row.id;

    // Both parties have left feedback: visible at once.
    await completedTrade({
      ownerId,
      requesterId: a.row.id,
      completedDaysAgo: 1,
      toOwner: { rating: 5 },
      toRequester: { rating: 2 },
    });
    // Only the other party has rated, completed yesterday: not visible yet.
    await completedTrade({ ownerId, requesterId: b.row.id, completedDaysAgo: 1, toOwner: { rating: 1 } });
    // Only the other party has rated, but completed 14+ days ago: visible.
    await completedTrade({ ownerId, requesterId: c.row.id, completedDaysAgo: 15, toOwner: { rating: 4 } });
    await completedTrade({ ownerId, requesterId: a.row.id, completedDaysAgo: 20, toOwner: { rating: 5 } });
    // Hidden by an admin: never counted.
    await completedTrade({
      ownerId,
      requesterId: b.row.id,
      completedDaysAgo: 30,
      toOwner: { rating: 1, isVisible: false },
    });
    // Feedback the member gave others (the 2 above) is theirs, not about them.

    const res = await get('/api/stats', cookie);
    expect(res.statusCode).toBe(200);
    // (5 + 4 + 5) / 3 = 4.666… -> 4.7
    expect(res.json().rating).toBe(4.7);

    // The requester who got a 2 from the member (both left feedback) is rated 2.
    expect((await get('/api/stats', a.cookie)).json().rating).toBe(2);
    // The one whose feedback is not yet visible has no rating.
    expect((await get('/api/stats', b.cookie)).json().rating).toBeNull();
  });
});

describe('GET /api/activity/recent', () => {
  it('is an empty list before anything has happened', async () => {
    const { cookie } = await member();
    const res = await get('/api/activity/recent', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lists the member's own events and published listings, newest first", async () => {
    const db = t.database.db;
    const { row, cookie } = await member();
    const other = await member();
    const activity = (at: Date, extra: Partial<NewUserActivity>): NewUserActivity => ({
      userId: row.id,
      activityType: 'other',
      description: 'Something happened',
      createdAt: at,
      ...extra,
    });
    await db.insert(userActivities).values([
      activity(minutesAgo(50), {
        activityType: 'post_created',
        description: 'Started a discussion: Sorting edge pieces',
        targetType: 'community_post',
        targetId: 1,
      }),
      activity(minutesAgo(10), { activityType: 'trade_completed', description: 'Completed a trade', points: 5 }),
      activity(minutesAgo(5), {
        activityType: 'trade_completed',
        description: 'Received "Harbour at Dusk" in a trade',
        targetType: 'trade_request',
        targetId: 4321,
      }),
      activity(minutesAgo(30), {
        activityType: 'reply_posted',
        description: 'Replied to a discussion',
        isPublic: false,
      }),
      {
        userId: other.row.id,
        activityType: 'post_created',
        description: "Someone else's post",
        createdAt: minutesAgo(1),
      },
    ]);
    const live = await createListing(db, row.id, {
      title: 'Harbour at Dusk',
      status: 'active',
      publishedAt: minutesAgo(20),
    });
    await createListing(db, row.id, { title: 'Unfinished draft', status: 'draft' });
    await createListing(db, other.row.id, { title: 'Not mine', status: 'active', publishedAt: minutesAgo(2) });

    const res = await get('/api/activity/recent', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      // A completed trade opens on My Trades, on that very trade when the row names it.
      {
        type: 'trade_completed',
        description: 'Received "Harbour at Dusk" in a trade',
        at: expect.any(String),
        link: '/trades?trade=4321',
      },
      { type: 'trade_completed', description: 'Completed a trade', at: expect.any(String), link: '/trades' },
      {
        type: 'listing_published',
        description: 'Listed "Harbour at Dusk"',
        at: expect.any(String),
        link: `/puzzle/${live.id}`,
      },
      // The private row (a reply hidden or removed since) is left out, as from the public feed.
      {
        type: 'post_created',
        description: 'Started a discussion: Sorting edge pieces',
        at: expect.any(String),
        link: '/community',
      },
    ]);
    const times = res.json().map((e: { at: string }) => e.at);
    for (const at of times) expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps only the 10 latest events', async () => {
    const db = t.database.db;
    const { row, cookie } = await member();
    await db.insert(userActivities).values(
      Array.from({ length: 8 }, (_, i) => ({
        userId: row.id,
        activityType: 'other' as const,
        description: `Event ${i}`,
        createdAt: minutesAgo(100 + i * 2),
      })),
    );
    for (let i = 0; i < 8; i++) {
      await createListing(db, row.id, {
        title: `Listing ${i}`,
        status: 'active',
        publishedAt: minutesAgo(101 + i * 2),
      });
    }
    const res = await get('/api/activity/recent', cookie);
    expect(res.json().map((e: { description: string }) => e.description)).toEqual([
      'Event 0',
      'Listed "Listing 0"',
      'Event 1',
      'Listed "Listing 1"',
      'Event 2',
      'Listed "Listing 2"',
      'Event 3',
      'Listed "Listing 3"',
      'Event 4',
      'Listed "Listing 4"',
    ]);
  });
});

describe('the member home on PostgreSQL', () => {
  it.runIf(testDbKind === 'postgres')(
    'Trading Activity and Recent Activity are each one prepared statement beside the session',
    async () => {
      const { row, cookie } = await member();
      await createListing(t.database.db, row.id, { status: 'active', publishedAt: minutesAgo(5) });
      for (const url of ['/api/stats', '/api/activity/recent']) {
        let answer: Awaited<ReturnType<typeof get>> | undefined;
        const sent = await statementsSentDuring(t.ctx, async () => void (answer = await get(url, cookie)));
        expect(answer!.statusCode).toBe(200);
        expect(sent.map((statement) => statement.name)).toEqual([expect.any(String), expect.any(String)]);
      }
      expect((await get('/api/stats', cookie)).json()).toEqual({ puzzlesListed: 1, successfulTrades: 0, rating: null });
      expect((await get('/api/activity/recent', cookie)).json()).toHaveLength(1);
    },
  );
});

describe('GET /api/member-content', () => {
  it('carries the community highlights: active listings, members and the latest posts', async () => {
    const db = t.database.db;
    const { row, cookie } = await member();
    await createListing(db, row.id, { status: 'active' });
    await createListing(db, row.id, { status: 'active', isAvailable: false });
    await createListing(db, row.id, { status: 'draft' });
    const titles = ['First post here', 'Second post here', 'Third post here', 'Fourth post here'];
    for (const [i, title] of titles.entries()) {
      await db.insert(communityPosts).values({
        userId: row.id,
        title,
        content: 'A little something to say about puzzles.',
        category: 'general',
        createdAt: minutesAgo(40 - i),
      });
    }

    // Someone who started joining and never chose a password is not counted as a member.
    await db.insert(users).values({ email: `unfinished-${Date.now()}@example.org` });

    const res = await get('/api/member-content', cookie);
    expect(res.statusCode).toBe(200);
    const [{ activeListings, members, accounts }] = (await queryRows<{
      activeListings: number;
      members: number;
      accounts: number;
    }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM puzzle_listings WHERE status = 'active' AND is_available) AS "activeListings",
                 (SELECT count(*)::int FROM ${users} WHERE password_hash IS NOT NULL) AS members,
                 (SELECT count(*)::int FROM ${users}) AS accounts`,
    )) as [{ activeListings: number; members: number; accounts: number }];
    expect(members).toBeLessThan(accounts);
    expect(res.json()).toEqual({
      communityHighlights: {
        activeListings,
        members,
        latestPosts: [
          { id: expect.any(Number), title: 'Fourth post here', category: 'general', createdAt: expect.any(String) },
          { id: expect.any(Number), title: 'Third post here', category: 'general', createdAt: expect.any(String) },
          { id: expect.any(Number), title: 'Second post here', category: 'general', createdAt: expect.any(String) },
        ],
      },
    });
    expect(activeListings).toBeGreaterThanOrEqual(1);
  });

  it("remembers the club's two numbers for 30 seconds a process; the latest posts are always read", async () => {
    const db = t.database.db;
    const { row, cookie } = await member();
    const highlights = async () =>
      (await get('/api/member-content', cookie)).json().communityHighlights as {
        activeListings: number;
        members: number;
        latestPosts: Array<{ title: string }>;
      };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * CLUB_NUMBERS_TTL_MS });
    try {
      const before = await highlights(); // counted now: the last count is older than 30 s
      await createListing(db, row.id, { status: 'active' });
      await member();
      await db.insert(communityPosts).values({
        userId: row.id,
        title: 'A brand new post',
        content: 'Fresh off the press.',
        category: 'general',
      });
      vi.setSystemTime(Date.now() + CLUB_NUMBERS_TTL_MS - 1_000);
      const within = await highlights();
      expect(within.latestPosts[0]!.title).toBe('A brand new post');
      expect({ activeListings: within.activeListings, members: within.members }).toEqual({
        activeListings: before.activeListings,
        members: before.members,
      });
      vi.setSystemTime(Date.now() + 2_000);
      const after = await highlights();
      expect(after.activeListings).toBe(before.activeListings + 1);
      expect(after.members).toBe(before.members + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a post hidden or removed leaves the member’s own activity as it leaves the feed', () => {
  // Issue 23 point 6: 'Started a discussion: <title>' stayed in the author's own recent
  // activity after the club team hid the post, as did 'Replied to "<title>"' on a hidden post.
  const send = (method: 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const post = async (cookie: string, title: string) => {
    const res = await send('POST', '/api/community/posts', cookie, {
      title,
      content: 'What do you all think about this one?',
      category: 'general',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  /** A member reports the post and an administrator hides it from the reports tab. */
  const hide = async (postId: number, reporter: string, admin: string) => {
    const flagged = await send('POST', '/api/community/flags', reporter, { postId, reason: 'spam' });
    expect(flagged.statusCode, flagged.body).toBe(201);
    const reports = (await get('/api/admin/reports?status=pending&pageSize=100', admin)).json<
      Array<{ id: number; kind: string; itemId: number }>
    >();
    const report = reports.find((r) => r.kind === 'post' && r.itemId === postId)!;
    const res = await send('POST', `/api/admin/reports/${report.id}/resolve`, admin, { action: 'hide' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const descriptions = async (cookie: string) =>
    (await get('/api/activity/recent', cookie)).json<Array<{ description: string }>>().map((a) => a.description);

  it('its title goes from the author’s list, and from the list of who replied to it', async () => {
    const author = await member({ firstName: 'Audrey' });
    const other = await member({ firstName: 'Oswald' });
    const reporter = await member({ firstName: 'Rita' });
    const admin = await member({ firstName: 'Agnes', isAdmin: true });
    const hiddenId = await post(author.cookie, 'Hidden discussion title');
    const removedId = await post(author.cookie, 'Removed discussion title');
    await post(author.cookie, 'Kept discussion title');
    const theirs = await post(other.cookie, 'Hidden question of another');
    const replied = await send('POST', `/api/community/posts/${theirs}/replies`, author.cookie, {
      content: 'Edges first, always.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect((await descriptions(author.cookie)).join('\n')).toContain('Hidden question of another');

    await hide(hiddenId, reporter.cookie, admin.cookie);
    await hide(theirs, reporter.cookie, admin.cookie);
    expect((await send('DELETE', `/api/community/posts/${removedId}`, admin.cookie)).statusCode).toBe(204);

    const mine = (await descriptions(author.cookie)).join('\n');
    expect(mine).toContain('Kept discussion title');
    for (const gone of ['Hidden discussion title', 'Removed discussion title', 'Hidden question of another']) {
      expect(mine).not.toContain(gone);
    }
    // The same as the public feed shows.
    const feed = (await get('/api/community/activities', other.cookie))
      .json<Array<{ description: string }>>()
      .map((a) => a.description)
      .join('\n');
    expect(feed).toContain('Kept discussion title');
    expect(feed).not.toContain('Hidden discussion title');
  });
});
