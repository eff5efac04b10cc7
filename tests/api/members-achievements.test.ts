import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, earnedAchievements, HELPFUL_LIKES, type AchievementType } from '../../src/domain/achievements';
import { achievementState } from '../../src/server/achievements/achievements-repository';
import { unlockEarnedAchievements } from '../../src/server/achievements/achievements-service';
import { migrationsFolder, queryRows, type DbOrTx } from '../../src/server/db/client';
import {
  communityLikes,
  communityPosts,
  communityReplies,
  tradingNotifications,
  userAchievements,
  userActivities,
} from '../../src/server/db/schema';
import { sweepTrades } from '../../src/server/jobs/trade-sweeper';
import { commitWithNotices, drainNotices, noticesFor } from '../../src/server/notices/notices';
import { createListing, createMember } from '../support/factories';
import { testDbKind } from '../support/test-database';
import { completeTradeFor, signedInMember, type SignedIn, useTradeTestApp } from './trades-fixtures';

// Achievements (docs/product/members.md#achievements): unlocked by what members do, once each, in the transaction of
// the event, each with an activity row and a notification; existing members get theirs from
// the migration that introduced them. The forum's own calls are another feature's: here its
// rows are written directly and the one function the forum calls is called as it will be.

const app = useTradeTestApp();
const { api, db } = app;
const DAY = 24 * 60 * 60 * 1000;

async function achievementsOf(memberId: number): Promise<AchievementType[]> {
  const rows = await db()
    .select({ type: userAchievements.achievementType })
    .from(userAchievements)
    .where(eq(userAchievements.userId, memberId))
    .orderBy(userAchievements.id);
  return rows.map((r) => r.type as AchievementType);
}

const newListing = (who: SignedIn, status: 'draft' | 'active') =>
  api.post('/api/puzzle-listings', who, { title: 'Lighthouse at Dusk', pieces: 500, condition: 'good', status });

/** What the forum does in its create-post and like transactions: its row, then the one call. */
function inForumTransaction(memberId: number, write: (tx: DbOrTx) => Promise<unknown>) {
  return commitWithNotices({ db: db(), notices: noticesFor(app.t.ctx, app.t.app.log) }, async (tx, outbox) => {
    await write(tx);
    return unlockEarnedAchievements(tx, memberId, outbox);
  });
}

async function post(authorId: number, on: DbOrTx = db()): Promise<number> {
  const [row] = await on
    .insert(communityPosts)
    .values({ userId: authorId, title: 'Sorting the edges first', content: 'How does everyone start?' })
    .returning();
  return row!.id;
}

async function likers(count: number) {
  return Promise.all(Array.from({ length: count }, () => createMember(db())));
}

describe('unlocking achievements', () => {
  it('First Listing: the first puzzle that goes live earns it once, with an activity row and an in-app notification', async () => {
    const me = await signedInMember(db());
    expect((await newListing(me, 'draft')).statusCode).toBe(201);
    expect(await achievementsOf(me.id)).toEqual([]);

    const draftId = (await newListing(me, 'draft')).json().id as number;
    const published = await app.t.app.inject({
      method: 'PATCH',
      url: `/api/puzzle-listings/${draftId}`,
      payload: { status: 'active' },
      headers: { cookie: me.cookie },
    });
    expect(published.statusCode).toBe(200);
    expect(await achievementsOf(me.id)).toEqual(['first_listing']);
    expect((await newListing(me, 'active')).statusCode).toBe(201);
    expect(await achievementsOf(me.id)).toEqual(['first_listing']);

    const activities = await db()
      .select()
      .from(userActivities)
      .where(and(eq(userActivities.userId, me.id), eq(userActivities.activityType, 'achievement_unlocked')));
    expect(activities.map((a) => [a.description, a.targetType, a.isPublic])).toEqual([
      ['Earned the First Listing achievement', 'achievement', true],
    ]);
    const notices = (await api.get('/api/notifications', me)).json();
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'achievement_unlocked',
        title: 'Achievement unlocked: First Listing',
        message: `Well done! ${ACHIEVEMENTS.first_listing.description}`,
        link: `/members/${me.id}#achievements`,
        tradeRequestId: null,
      }),
    ]);
    // The dashboard's Recent Activity leads to the badge too.
    const recent = (await api.get('/api/activity/recent', me)).json();
    expect(recent).toContainEqual(
      expect.objectContaining({
        description: 'Earned the First Listing achievement',
        link: `/members/${me.id}#achievements`,
      }),
    );
    // A badge is good news in the app, not an e-app.mail.
    await drainNotices(app.t.ctx);
    expect(app.mail.messages.filter((m) => m.to.includes(me.email))).toEqual([]);
  });

  it('First Trade and Five Trades: a completed trade counts for both members', async () => {
    const requester = await signedInMember(db(), { points: 20 });
    const owner = await signedInMember(db(), { completedTrades: 4 });
    await completeTradeFor(api, requester, owner, (await createListing(db(), owner.id)).id);
    expect(await achievementsOf(requester.id)).toEqual(['first_trade']);
    // The owner's listing was live too; five trades now.
    expect(await achievementsOf(owner.id)).toEqual(['first_listing', 'first_trade', 'five_trades']);
  });

  it('Trusted Trader: 10 completed trades are not enough until visible feedback rates the member 4.5 or more', async () => {
    const requester = await signedInMember(db(), { points: 20 });
    const owner = await signedInMember(db(), { completedTrades: 9 });
    const id = await completeTradeFor(api, requester, owner, (await createListing(db(), owner.id)).id);
    expect(await achievementsOf(owner.id)).not.toContain('trusted_trader');

    expect(
      (await api.post(`/api/trade-requests/${id}/feedback`, requester, { rating: 5, comment: 'Superb.' })).statusCode,
    ).toBe(201);
    // Hidden until the other side rates: the rating has not changed yet.
    expect(await achievementsOf(owner.id)).not.toContain('trusted_trader');
    await api.post(`/api/trade-requests/${id}/feedback`, owner, { rating: 5, comment: 'Thank you.' });
    expect(await achievementsOf(owner.id)).toContain('trusted_trader');
    expect(await achievementsOf(requester.id)).not.toContain('trusted_trader');
  });

  it('Trusted Trader also when the 14 days make one-sided feedback visible (the sweeper)', async () => {
    const requester = await signedInMember(db(), { points: 20 });
    const owner = await signedInMember(db(), { completedTrades: 9 });
    const id = await completeTradeFor(api, requester, owner, (await createListing(db(), owner.id)).id);
    await api.post(`/api/trade-requests/${id}/feedback`, requester, { rating: 5, comment: 'Superb.' });
    expect(await achievementsOf(owner.id)).not.toContain('trusted_trader');
    await sweepTrades(app.t.ctx, new Date(Date.now() + 15 * DAY));
    expect(await achievementsOf(owner.id)).toContain('trusted_trader');
  });

  it('a rating under 4.5 does not make a Trusted Trader', async () => {
    const requester = await signedInMember(db(), { points: 20 });
    const owner = await signedInMember(db(), { completedTrades: 9 });
    const id = await completeTradeFor(api, requester, owner, (await createListing(db(), owner.id)).id);
    await api.post(`/api/trade-requests/${id}/feedback`, requester, { rating: 4, comment: 'Fine.' });
    await api.post(`/api/trade-requests/${id}/feedback`, owner, { rating: 5, comment: 'Thank you.' });
    expect(await achievementsOf(owner.id)).not.toContain('trusted_trader');
  });

  it('First Post and Helpful (10 likes on posts and replies) through the call the forum makes in its transactions', async () => {
    const author = await createMember(db());
    expect(await inForumTransaction(author.id, (tx) => post(author.id, tx))).toEqual(['first_post']);

    const postId = (await db().select().from(communityPosts).where(eq(communityPosts.userId, author.id)))[0]!.id;
    const someone = await createMember(db());
    const otherPost = await post(someone.id);
    const [reply] = await db()
      .insert(communityReplies)
      .values({ postId: otherPost, userId: author.id, content: 'Edges first, always.' })
      .returning();
    const fans = await likers(10);
    // Nine likes (on the post and on a reply): not yet.
    for (const [i, fan] of fans.slice(0, 9).entries()) {
      const like = i % 2 === 0 ? { postId } : { replyId: reply!.id };
      expect(
        await inForumTransaction(author.id, (tx) => tx.insert(communityLikes).values({ userId: fan.id, ...like })),
      ).toEqual([]);
    }
    expect(
      await inForumTransaction(author.id, (tx) => tx.insert(communityLikes).values({ userId: fans[9]!.id, postId })),
    ).toEqual(['helpful']);
    expect(await achievementsOf(author.id)).toEqual(['first_post', 'helpful']);
    const notices = await db()
      .select({ title: tradingNotifications.title, link: tradingNotifications.link })
      .from(tradingNotifications)
      .where(eq(tradingNotifications.userId, author.id));
    expect(notices.map((row) => row.title).sort()).toEqual([
      'Achievement unlocked: First Post',
      'Achievement unlocked: Helpful',
    ]);
  });

  it('is unlocked once however often the rules are checked', async () => {
    const author = await createMember(db());
    await post(author.id);
    for (let i = 0; i < 3; i++) await inForumTransaction(author.id, async () => undefined);
    expect(await achievementsOf(author.id)).toEqual(['first_post']);
    const notices = await db().select().from(tradingNotifications).where(eq(tradingNotifications.userId, author.id));
    expect(notices).toHaveLength(1);
  });
});

// Real concurrency, on PostgreSQL only (the embedded database runs one transaction at a time).
describe.skipIf(testDbKind !== 'postgres')('at the same moment (PostgreSQL)', () => {
  it('20 first listings published at once earn First Listing exactly once, with one notification and one activity row', async () => {
    const me = await signedInMember(db());
    const answers = await Promise.all(Array.from({ length: 20 }, () => newListing(me, 'active')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(await achievementsOf(me.id)).toEqual(['first_listing']);
    const notices = await db().select().from(tradingNotifications).where(eq(tradingNotifications.userId, me.id));
    expect(notices).toHaveLength(1);
    const activities = await db().select().from(userActivities).where(eq(userActivities.userId, me.id));
    expect(activities).toHaveLength(1);
  });

  it('20 likes given at once: Helpful is unlocked exactly once, with one notification', async () => {
    const author = await createMember(db());
    const postId = await post(author.id);
    const fans = await likers(20);
    const results = await Promise.all(
      fans.map((fan) =>
        inForumTransaction(author.id, (tx) => tx.insert(communityLikes).values({ userId: fan.id, postId })),
      ),
    );
    expect(results.flat().sort()).toEqual(['first_post', 'helpful']);
    const helpful = await db()
      .select()
      .from(tradingNotifications)
      .where(
        and(
          eq(tradingNotifications.userId, author.id),
          eq(tradingNotifications.title, 'Achievement unlocked: Helpful'),
        ),
      );
    expect(helpful).toHaveLength(1);
  });

  it('the tenth of ten likes written at the same moment still unlocks Helpful: each counts after the one before has committed', async () => {
    const author = await createMember(db());
    const postId = await post(author.id);
    const fans = await likers(HELPFUL_LIKES);
    // Every transaction has written its like, uncommitted, before any of them counts: without
    // the member's lock each would count only its own like, and Helpful would be missed.
    let written = 0;
    let allWritten: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (allWritten = resolve));
    const results = await Promise.all(
      fans.map((fan) =>
        inForumTransaction(author.id, async (tx) => {
          await tx.insert(communityLikes).values({ userId: fan.id, postId });
          if (++written === fans.length) allWritten();
          await barrier;
        }),
      ),
    );
    expect(results.flat().sort()).toEqual(['first_post', 'helpful']);
    expect(await achievementsOf(author.id)).toEqual(['first_post', 'helpful']);
  });
});

describe('the migration that introduced achievements', () => {
  /** Runs the backfill migration's statements, as the migrator does. */
  async function runBackfill() {
    const file = fs.readFileSync(path.join(migrationsFolder, '0014_members_achievements_backfill.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));
  }

  it('gives existing members what they had already earned, by the domain rules, without notifications; twice changes nothing', async () => {
    const lister = await createMember(db());
    await createListing(db(), lister.id);
    const drafter = await createMember(db());
    await createListing(db(), drafter.id, { status: 'draft' });
    const five = await createMember(db(), { completedTrades: 5 });
    const trusted = await createMember(db(), { completedTrades: 10, tradingReputation: 4.5 });
    const almost = await createMember(db(), { completedTrades: 10, tradingReputation: 4.4 });
    const poster = await createMember(db());
    const postId = await post(poster.id);
    const replier = await createMember(db());
    const [reply] = await db()
      .insert(communityReplies)
      .values({ postId, userId: replier.id, content: 'Corners, then edges.' })
      .returning();
    const fans = await likers(10);
    await db()
      .insert(communityLikes)
      .values(fans.slice(0, 6).map((f) => ({ userId: f.id, postId })));
    await db()
      .insert(communityLikes)
      .values(fans.slice(0, 4).map((f) => ({ userId: f.id, replyId: reply!.id })));
    await db()
      .insert(communityLikes)
      .values(fans.slice(4, 9).map((f) => ({ userId: f.id, replyId: reply!.id })));
    const hidden = await createMember(db(), { publicProfile: false });
    const ids = [lister, drafter, five, trusted, almost, poster, replier, hidden].map((m) => m.id);
    // As before the migration: no achievements at all.
    await db().delete(userAchievements).where(inArray(userAchievements.userId, ids));

    await runBackfill();
    const expected: Record<number, AchievementType[]> = {
      [lister.id]: ['first_listing'],
      [drafter.id]: [],
      [five.id]: ['first_trade', 'five_trades'],
      [trusted.id]: ['first_trade', 'five_trades', 'trusted_trader'],
      [almost.id]: ['first_trade', 'five_trades'],
      [poster.id]: ['first_post'],
      // 9 likes on a reply, no post of their own.
      [replier.id]: [],
      [hidden.id]: [],
    };
    const rows = await db().select().from(userAchievements).where(inArray(userAchievements.userId, ids));
    for (const id of ids) {
      const mine = rows.filter((r) => r.userId === id);
      expect(mine.map((r) => r.achievementType).sort(), `member ${id}`).toEqual([...expected[id]!].sort());
      // The same rules as the domain's, applied to the counts the app reads.
      expect(mine.map((r) => r.achievementType).sort()).toEqual(
        earnedAchievements((await achievementState(db(), id)).counts).sort(),
      );
      for (const row of mine) {
        const rule = ACHIEVEMENTS[row.achievementType as AchievementType];
        expect([row.title, row.description]).toEqual([rule.title, rule.description]);
      }
    }
    // Ten likes across a post and a reply make Helpful: the poster's post has six, plus four more.
    await db()
      .insert(communityLikes)
      .values(fans.slice(6, 10).map((f) => ({ userId: f.id, postId })));
    await runBackfill();
    expect(await achievementsOf(poster.id)).toEqual(['first_post', 'helpful']);
    // Nobody was told and no activity rows appeared: the backfill is not news.
    const told = await db().select().from(tradingNotifications).where(inArray(tradingNotifications.userId, ids));
    expect(told).toEqual([]);
    const feed = await db().select().from(userActivities).where(inArray(userActivities.userId, ids));
    expect(feed).toEqual([]);
    // Again: nothing new.
    const before = (await db().select().from(userAchievements)).length;
    await runBackfill();
    expect((await db().select().from(userAchievements)).length).toBe(before);
    // A member who had asked for no public profile stays out of the directory.
    const profile = await queryRows(
      db(),
      sql`SELECT is_profile_public FROM member_profiles WHERE user_id = ${hidden.id}`,
    );
    expect(profile).toEqual([{ is_profile_public: false }]);
  });
});
