// The database on its own: the migrations build the product's tables with their defaults, and
// the constraints keep bad rows out whatever the application does. Runs on a fresh
// in-memory PGlite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../src/server/db/client';
import { REFERENCE_MANUFACTURERS } from '../../src/server/db/reference/manufacturers';
import * as schema from '../../src/server/db/schema';
import {
  communityLikes,
  communityPosts,
  communityReplies,
  favorites,
  feedbackReports,
  manufacturers,
  memberProfiles,
  messageThreadParticipants,
  messageThreads,
  messages,
  pointsLedger,
  puzzleListings,
  sessions,
  systemSettings,
  tradeRequests,
  tradingFeedback,
  tradingNotifications,
  userActivities,
  users,
  type NewPuzzleListing,
  type NewUser,
} from '../../src/server/db/schema';
import { runDatabaseName } from '../support/test-database';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations');

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database migrated with `folder`'s migrations; `migrate` applies the project's others after them. */
type Backend = { db: Db; migrate(): Promise<void>; close(): Promise<void> };

// PostgreSQL error codes.
const UNIQUE = '23505';
const CHECK = '23514';
// ON DELETE RESTRICT refused: PostgreSQL 15 reports foreign_key_violation (23503), the
// PostgreSQL 18 inside PGlite restrict_violation (23001). The app must treat both alike.
const RESTRICTED = ['23503', '23001'];

async function openPglite(folder = migrationsFolder): Promise<Backend> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder whose journal stops before the migration `tag`. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-migrations-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** Creates a new database next to TEST_DATABASE_URL's and migrates it (the run drops it when it ends). */
async function openPostgres(adminUrl: string, folder = migrationsFolder): Promise<Backend> {
  const name = runDatabaseName('schema');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    migrate: () => migratePg(db, { migrationsFolder }),
    async close() {
      await pool.end();
    },
  };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The PostgreSQL error behind a failed statement (Drizzle wraps it in `cause`). */
async function dbError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (err) {
    let cause: unknown = err;
    while (cause && typeof cause === 'object' && !('code' in cause && (cause as { code?: unknown }).code)) {
      cause = (cause as { cause?: unknown }).cause;
    }
    if (cause) return cause as { code?: string; constraint?: string };
    throw err;
  }
  throw new Error('expected the database to refuse this statement');
}

function schemaSuite(open: (folder?: string) => Promise<Backend>) {
  let backend: Backend;
  let db: Db;
  let seq = 0;

  beforeAll(async () => {
    backend = await open();
    db = backend.db;
  });
  afterAll(async () => {
    await backend?.close();
  });

  async function createUser(values: Partial<NewUser> = {}) {
    seq += 1;
    const [user] = await db
      .insert(users)
      .values({ email: `member${seq}@example.com`, ...values })
      .returning();
    return user!;
  }

  async function createListing(userId: number, values: Partial<NewPuzzleListing> = {}) {
    const [listing] = await db
      .insert(puzzleListings)
      .values({ userId, title: 'Harbour at Dusk', pieces: 1000, condition: 'very_good', ...values })
      .returning();
    return listing!;
  }

  async function createTrade(values: { requesterId?: number; ownerId?: number; listingId?: number } = {}) {
    const ownerId = values.ownerId ?? (await createUser()).id;
    const requesterId = values.requesterId ?? (await createUser()).id;
    const listingId = values.listingId ?? (await createListing(ownerId, { status: 'active' })).id;
    const [trade] = await db
      .insert(tradeRequests)
      .values({ puzzleListingId: listingId, requesterId, ownerId, puzzlePointsCost: 1 })
      .returning();
    return trade!;
  }

  describe('migrations', () => {
    it('apply in order and are recorded, so a second run does nothing', async () => {
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      expect(applied[0]!.n).toBe(journal.entries.length);
    });

    it("turn the old forum e-mail switch into the forum e-mail preference: on is 'instant', off is 'off'", async () => {
      // A database as it was before the e-mail preferences (docs/product/email.md#preferences).
      const folder = migrationsBefore('0029_email_preferences_digests_mail_queue');
      const before = await open(folder);
      try {
        await before.db.execute(
          sql`INSERT INTO users (email, forum_emails) VALUES ('on@example.com', true), ('off@example.com', false)`,
        );
        await before.migrate();
        const after = await rows<{ email: string; email_forum: string }>(
          before.db,
          sql`SELECT email, email_forum FROM users ORDER BY email`,
        );
        expect(after).toEqual([
          { email: 'off@example.com', email_forum: 'off' },
          { email: 'on@example.com', email_forum: 'instant' },
        ]);
        const switchLeft = await rows<{ n: number }>(
          before.db,
          sql`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'forum_emails'`,
        );
        expect(switchLeft[0]!.n).toBe(0);
      } finally {
        await before.close();
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });

    it('enable the pg_trgm extension', async () => {
      const ext = await rows<{ extname: string }>(db, sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
      expect(ext).toHaveLength(1);
    });
  });

  describe('defaults of the product', () => {
    it('a new member gets the product defaults', async () => {
      const user = await createUser();
      expect(user).toMatchObject({
        country: 'United Kingdom',
        preferredDifficulty: 'any',
        conditionPreference: 'any',
        minPieceCount: 100,
        maxPieceCount: 5000,
        preferredManufacturers: [],
        puzzlePoints: 5,
        emailVerified: false,
        profileCompleted: false,
        hasSeenWelcomeGift: false,
        isAdmin: false,
        publicProfile: true,
        tradingReputation: 0,
        completedTrades: 0,
        passwordHash: null,
      });
      expect(user.id).toBeTypeOf('number');
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(user.joinedAt).toBeInstanceOf(Date);
      expect(user.updatedAt).toBeInstanceOf(Date);
    });

    it('a new listing is a complete, available draft worth 1 point', async () => {
      const listing = await createListing((await createUser()).id);
      expect(listing).toMatchObject({
        puzzlePoints: 1,
        isAvailable: true,
        status: 'draft',
        missingPieces: 0,
        dimensionUnit: 'cm',
        publishedAt: null,
      });
    });

    it('a new manufacturer is active', async () => {
      const [m] = await db.insert(manufacturers).values({ name: 'Defaults Test Brand' }).returning();
      expect(m!.isActive).toBe(true);
    });

    it('a trade request starts pending with nothing held', async () => {
      const trade = await createTrade();
      expect(trade.status).toBe('pending');
      expect(trade.heldPoints).toBe(0);
    });

    it('a message is not a system message unless said so', async () => {
      const [thread] = await db.insert(messageThreads).values({ subject: 'Question about: Harbour' }).returning();
      const [message] = await db
        .insert(messages)
        .values({ threadId: thread!.id, senderId: (await createUser()).id, content: 'Is it complete?' })
        .returning();
      expect(message!.isSystemMessage).toBe(false);
      expect(thread!.lastMessageAt).toBeInstanceOf(Date);
    });

    it('a community post has no tags, zero counters and is neither pinned nor locked', async () => {
      const [post] = await db
        .insert(communityPosts)
        .values({ userId: (await createUser()).id, title: 'Sorting edges', content: 'Edges first, always.' })
        .returning();
      expect(post).toMatchObject({
        category: 'general',
        tags: [],
        isPinned: false,
        isLocked: false,
        viewCount: 0,
        likeCount: 0,
        replyCount: 0,
      });
      const [reply] = await db
        .insert(communityReplies)
        .values({ postId: post!.id, userId: post!.userId, content: 'Agreed!' })
        .returning();
      expect(reply).toMatchObject({ likeCount: 0, isEdited: false, parentReplyId: null });
    });

    it('activities, notifications, profiles and reports get their defaults', async () => {
      const user = await createUser();
      const [activity] = await db
        .insert(userActivities)
        .values({ userId: user.id, activityType: 'post_created', description: 'Posted' })
        .returning();
      expect(activity).toMatchObject({ points: 0, isPublic: true });

      const [profile] = await db.insert(memberProfiles).values({ userId: user.id }).returning();
      expect(profile).toMatchObject({ isProfilePublic: true, showLocation: true });

      const trade = await createTrade();
      const [notice] = await db
        .insert(tradingNotifications)
        .values({ userId: trade.ownerId, tradeRequestId: trade.id, type: 'trade_requested', title: 't', message: 'm' })
        .returning();
      expect(notice).toMatchObject({ isRead: false, emailSent: false });

      const [feedback] = await db
        .insert(tradingFeedback)
        .values({
          tradeRequestId: trade.id,
          fromUserId: trade.requesterId,
          toUserId: trade.ownerId,
          rating: 5,
          comment: 'Lovely puzzle',
        })
        .returning();
      expect(feedback).toMatchObject({ isVisible: true, isReported: false, adminReviewed: false });

      const [report] = await db
        .insert(feedbackReports)
        .values({ reportedByUserId: user.id, feedbackId: feedback!.id, reportReason: 'spam' })
        .returning();
      expect(report!.status).toBe('pending');
    });
  });

  describe('uniqueness', () => {
    it('member e-mail is unique regardless of case', async () => {
      await createUser({ email: 'A@x.com' });
      const err = await dbError(createUser({ email: 'a@x.com' }));
      expect(err.code).toBe(UNIQUE);
      expect(err.constraint).toBe('users_email_lower_unique');
    });

    it('manufacturer names are unique', async () => {
      const err = await dbError(db.insert(manufacturers).values({ name: 'Ravensburger' }));
      expect(err.code).toBe(UNIQUE);
    });

    it('a member favourites a listing once', async () => {
      const user = await createUser();
      const listing = await createListing(user.id);
      await db.insert(favorites).values({ userId: user.id, puzzleListingId: listing.id });
      const err = await dbError(db.insert(favorites).values({ userId: user.id, puzzleListingId: listing.id }));
      expect(err.code).toBe(UNIQUE);
    });

    it('a member likes a post once and a reply once, and a like has exactly one target', async () => {
      const user = await createUser();
      const [post] = await db
        .insert(communityPosts)
        .values({ userId: user.id, title: 'Likes test', content: 'Content long enough' })
        .returning();
      const [reply] = await db
        .insert(communityReplies)
        .values({ postId: post!.id, userId: user.id, content: 'A reply' })
        .returning();
      await db.insert(communityLikes).values({ userId: user.id, postId: post!.id });
      await db.insert(communityLikes).values({ userId: user.id, replyId: reply!.id });
      expect((await dbError(db.insert(communityLikes).values({ userId: user.id, postId: post!.id }))).code).toBe(
        UNIQUE,
      );
      expect((await dbError(db.insert(communityLikes).values({ userId: user.id, replyId: reply!.id }))).code).toBe(
        UNIQUE,
      );
      const both = await dbError(
        db.insert(communityLikes).values({ userId: user.id, postId: post!.id, replyId: reply!.id }),
      );
      expect(both.code).toBe(CHECK);
      expect((await dbError(db.insert(communityLikes).values({ userId: user.id }))).code).toBe(CHECK);
      // Another member may like the same post.
      await db.insert(communityLikes).values({ userId: (await createUser()).id, postId: post!.id });
    });

    it('a report names one thing: feedback (and its response), or one forum post or reply; a member flags each once', async () => {
      const author = await createUser();
      const reporter = await createUser();
      const [post] = await db
        .insert(communityPosts)
        .values({ userId: author.id, title: 'Flag test', content: 'Content long enough' })
        .returning();
      const [reply] = await db
        .insert(communityReplies)
        .values({ postId: post!.id, userId: author.id, content: 'A reply' })
        .returning();
      const flag = { reportedByUserId: reporter.id, reportReason: 'spam' as const };
      await db.insert(feedbackReports).values({ ...flag, postId: post!.id });
      await db.insert(feedbackReports).values({ ...flag, replyId: reply!.id });
      expect((await dbError(db.insert(feedbackReports).values({ ...flag, postId: post!.id }))).code).toBe(UNIQUE);
      expect((await dbError(db.insert(feedbackReports).values({ ...flag, replyId: reply!.id }))).code).toBe(UNIQUE);
      const both = await dbError(db.insert(feedbackReports).values({ ...flag, postId: post!.id, replyId: reply!.id }));
      expect(both.code).toBe(CHECK);
      expect((await dbError(db.insert(feedbackReports).values(flag))).code).toBe(CHECK);
      // Another member may flag the same post.
      await db.insert(feedbackReports).values({ ...flag, reportedByUserId: author.id, postId: post!.id });
    });

    it('a member has at most one open request per listing, and may ask again once it is closed', async () => {
      const trade = await createTrade();
      const again = {
        puzzleListingId: trade.puzzleListingId,
        requesterId: trade.requesterId,
        ownerId: trade.ownerId,
        puzzlePointsCost: 1,
      };
      const err = await dbError(db.insert(tradeRequests).values(again));
      expect(err.code).toBe(UNIQUE);
      expect(err.constraint).toBe('trade_requests_one_open_per_requester_listing');
      await db.update(tradeRequests).set({ status: 'declined' }).where(eq(tradeRequests.id, trade.id));
      await db.insert(tradeRequests).values(again);
    });

    it('each party leaves feedback once per trade, and a feedback has one response', async () => {
      const trade = await createTrade();
      const feedback = {
        tradeRequestId: trade.id,
        fromUserId: trade.requesterId,
        toUserId: trade.ownerId,
        rating: 4,
        comment: 'Good',
      };
      const [first] = await db.insert(tradingFeedback).values(feedback).returning();
      expect((await dbError(db.insert(tradingFeedback).values(feedback))).code).toBe(UNIQUE);
      await db.insert(schema.feedbackResponses).values({ feedbackId: first!.id, responseText: 'Thanks' });
      expect(
        (await dbError(db.insert(schema.feedbackResponses).values({ feedbackId: first!.id, responseText: 'Again' })))
          .code,
      ).toBe(UNIQUE);
    });

    it('a setting key is unique within its category', async () => {
      await db.insert(systemSettings).values({ category: 'trading', key: 'standard_points', value: 5 });
      expect(
        (await dbError(db.insert(systemSettings).values({ category: 'trading', key: 'standard_points', value: 6 })))
          .code,
      ).toBe(UNIQUE);
      await db.insert(systemSettings).values({ category: 'platform', key: 'standard_points', value: { a: 1 } });
    });
  });

  describe('check constraints', () => {
    it('refuse values outside the enumerations', async () => {
      const user = await createUser();
      const bad = (v: string) => v as never;
      expect((await dbError(createListing(user.id, { status: bad('published') }))).code).toBe(CHECK);
      expect((await dbError(createListing(user.id, { difficulty: bad('impossible') }))).code).toBe(CHECK);
      expect((await dbError(createListing(user.id, { condition: bad('mint') }))).code).toBe(CHECK);
      expect((await dbError(createListing(user.id, { dimensionUnit: bad('mm') }))).code).toBe(CHECK);
      expect((await dbError(createUser({ preferredDifficulty: bad('expert') }))).code).toBe(CHECK);
      expect((await dbError(createUser({ conditionPreference: bad('new') }))).code).toBe(CHECK);
      const trade = await createTrade();
      expect(
        (
          await dbError(
            db
              .update(tradeRequests)
              .set({ status: bad('lost') })
              .where(eq(tradeRequests.id, trade.id)),
          )
        ).code,
      ).toBe(CHECK);
      expect(
        (await dbError(db.insert(systemSettings).values({ category: bad('misc'), key: 'k', value: 1 }))).code,
      ).toBe(CHECK);
      expect(
        (
          await dbError(
            db.insert(pointsLedger).values({ userId: user.id, amount: 5, balanceAfter: 10, reason: bad('lottery') }),
          )
        ).code,
      ).toBe(CHECK);
      expect(
        (
          await dbError(
            db.insert(userActivities).values({ userId: user.id, activityType: bad('dancing'), description: 'x' }),
          )
        ).code,
      ).toBe(CHECK);
      expect(
        (
          await dbError(
            db.insert(schema.authTokens).values({
              email: 'x@example.com',
              purpose: bad('unsubscribe'),
              tokenHash: 'h-bad-purpose',
              expiresAt: new Date(),
            }),
          )
        ).code,
      ).toBe(CHECK);
    });

    it('refuse listing numbers out of range', async () => {
      const user = await createUser();
      for (const values of [
        { puzzlePoints: 0 },
        { puzzlePoints: 26 },
        { pieces: 0 },
        { pieces: 50001 },
        { yearOfManufacture: 1899 },
        { missingPieces: -1 },
        { pieces: 10, missingPieces: 11 },
        { dimensionValue: 0 },
        { title: '' },
      ]) {
        const err = await dbError(createListing(user.id, values));
        expect(err.code, JSON.stringify(values)).toBe(CHECK);
      }
      // The bounds themselves are allowed.
      await createListing(user.id, { puzzlePoints: 1, pieces: 1, yearOfManufacture: 1900 });
      await createListing(user.id, { puzzlePoints: 25, pieces: 50000, missingPieces: 3 });
    });

    it('refuse a rating outside 1 to 5', async () => {
      const trade = await createTrade();
      for (const rating of [0, 6]) {
        const err = await dbError(
          db.insert(tradingFeedback).values({
            tradeRequestId: trade.id,
            fromUserId: trade.ownerId,
            toUserId: trade.requesterId,
            rating,
            comment: 'Out of range',
          }),
        );
        expect(err.code).toBe(CHECK);
      }
    });

    it('refuse a negative balance, a negative hold and an empty ledger movement', async () => {
      const user = await createUser();
      expect((await dbError(db.update(users).set({ puzzlePoints: -1 }).where(eq(users.id, user.id)))).code).toBe(CHECK);
      expect(
        (
          await dbError(
            db.insert(pointsLedger).values({ userId: user.id, amount: -6, balanceAfter: -1, reason: 'trade_hold' }),
          )
        ).code,
      ).toBe(CHECK);
      expect(
        (
          await dbError(
            db.insert(pointsLedger).values({ userId: user.id, amount: 0, balanceAfter: 5, reason: 'admin_grant' }),
          )
        ).code,
      ).toBe(CHECK);
      const trade = await createTrade();
      expect(
        (await dbError(db.update(tradeRequests).set({ heldPoints: -1 }).where(eq(tradeRequests.id, trade.id)))).code,
      ).toBe(CHECK);
      const [entry] = await db
        .insert(pointsLedger)
        .values({ userId: user.id, amount: 5, balanceAfter: 5, reason: 'welcome_gift' })
        .returning();
      expect(entry!.createdAt).toBeInstanceOf(Date);
    });

    it('refuse a member requesting their own listing', async () => {
      const owner = await createUser();
      const err = await dbError(createTrade({ ownerId: owner.id, requesterId: owner.id }));
      expect(err.code).toBe(CHECK);
    });

    it('keep message content between 1 and 2000 characters and posts to 5 tags', async () => {
      const [thread] = await db.insert(messageThreads).values({ subject: 'Lengths' }).returning();
      expect((await dbError(db.insert(messages).values({ threadId: thread!.id, content: '' }))).code).toBe(CHECK);
      expect(
        (await dbError(db.insert(messages).values({ threadId: thread!.id, content: 'x'.repeat(2001) }))).code,
      ).toBe(CHECK);
      await db.insert(messages).values({ threadId: thread!.id, content: 'x'.repeat(2000), isSystemMessage: true });
      expect((await dbError(db.insert(messageThreads).values({ subject: '' }))).code).toBe(CHECK);

      const user = await createUser();
      const post = { userId: user.id, title: 'Tags', content: 'Too many tags here' };
      expect(
        (await dbError(db.insert(communityPosts).values({ ...post, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }))).code,
      ).toBe(CHECK);
      await db.insert(communityPosts).values({ ...post, tags: ['a', 'b', 'c', 'd', 'e'] });
    });
  });

  describe('foreign key delete rules', () => {
    it('deleting a member removes their sessions, favourites, listings, profile and forum posts', async () => {
      const member = await createUser();
      const other = await createUser();
      const listing = await createListing(member.id);
      const othersListing = await createListing(other.id);
      await db
        .insert(sessions)
        .values({ sid: `sid-${member.id}`, userId: member.id, expire: new Date(Date.now() + 60_000) });
      await db.insert(favorites).values({ userId: member.id, puzzleListingId: othersListing.id });
      await db.insert(favorites).values({ userId: other.id, puzzleListingId: listing.id });
      await db.insert(memberProfiles).values({ userId: member.id, aboutMe: 'Hello' });
      await db.insert(communityPosts).values({ userId: member.id, title: 'Bye now', content: 'Leaving the club' });
      const [thread] = await db
        .insert(messageThreads)
        .values({ subject: 'Hello', puzzleListingId: othersListing.id })
        .returning();
      await db.insert(messageThreadParticipants).values([
        { threadId: thread!.id, userId: member.id },
        { threadId: thread!.id, userId: other.id },
      ]);
      const [message] = await db
        .insert(messages)
        .values({ threadId: thread!.id, senderId: member.id, content: 'Hi' })
        .returning();

      await db.delete(users).where(eq(users.id, member.id));

      expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
      expect(await db.select().from(favorites).where(eq(favorites.userId, member.id))).toHaveLength(0);
      expect(await db.select().from(puzzleListings).where(eq(puzzleListings.userId, member.id))).toHaveLength(0);
      // Other members' favourites of the deleted listing go with it.
      expect(await db.select().from(favorites).where(eq(favorites.puzzleListingId, listing.id))).toHaveLength(0);
      expect(await db.select().from(memberProfiles).where(eq(memberProfiles.userId, member.id))).toHaveLength(0);
      expect(await db.select().from(communityPosts).where(eq(communityPosts.userId, member.id))).toHaveLength(0);
      // The conversation stays for the other member; the message loses its sender.
      const [kept] = await db.select().from(messages).where(eq(messages.id, message!.id));
      expect(kept!.senderId).toBeNull();
      const participants = await db
        .select()
        .from(messageThreadParticipants)
        .where(eq(messageThreadParticipants.threadId, thread!.id));
      expect(participants.map((p) => p.userId)).toEqual([other.id]);
    });

    it('trade history is kept: a member, listing or trade with history cannot be deleted', async () => {
      const trade = await createTrade();
      expect(RESTRICTED).toContain((await dbError(db.delete(users).where(eq(users.id, trade.requesterId)))).code);
      expect(RESTRICTED).toContain((await dbError(db.delete(users).where(eq(users.id, trade.ownerId)))).code);
      expect(RESTRICTED).toContain(
        (await dbError(db.delete(puzzleListings).where(eq(puzzleListings.id, trade.puzzleListingId)))).code,
      );
      await db.insert(pointsLedger).values({
        userId: trade.requesterId,
        amount: -1,
        balanceAfter: 4,
        reason: 'trade_hold',
        tradeRequestId: trade.id,
      });
      expect(RESTRICTED).toContain(
        (await dbError(db.delete(tradeRequests).where(eq(tradeRequests.id, trade.id)))).code,
      );
    });

    it('the points ledger keeps a member with a ledger row', async () => {
      const user = await createUser();
      await db.insert(pointsLedger).values({ userId: user.id, amount: 5, balanceAfter: 5, reason: 'welcome_gift' });
      expect(RESTRICTED).toContain((await dbError(db.delete(users).where(eq(users.id, user.id)))).code);
    });

    it('deleting a manufacturer keeps its listings, without a brand', async () => {
      const [brand] = await db.insert(manufacturers).values({ name: 'Short Lived Puzzles' }).returning();
      const listing = await createListing((await createUser()).id, { manufacturerId: brand!.id });
      await db.delete(manufacturers).where(eq(manufacturers.id, brand!.id));
      const [after] = await db.select().from(puzzleListings).where(eq(puzzleListings.id, listing.id));
      expect(after!.manufacturerId).toBeNull();
      expect(after!.searchText).not.toContain('short lived');
    });

    it('deleting a thread removes its messages and participants; deleting a reply removes its sub-replies', async () => {
      const user = await createUser();
      const [thread] = await db.insert(messageThreads).values({ subject: 'Gone' }).returning();
      await db.insert(messageThreadParticipants).values({ threadId: thread!.id, userId: user.id });
      await db.insert(messages).values({ threadId: thread!.id, senderId: user.id, content: 'bye' });
      await db.delete(messageThreads).where(eq(messageThreads.id, thread!.id));
      expect(await db.select().from(messages).where(eq(messages.threadId, thread!.id))).toHaveLength(0);
      expect(
        await db.select().from(messageThreadParticipants).where(eq(messageThreadParticipants.threadId, thread!.id)),
      ).toHaveLength(0);

      const [post] = await db
        .insert(communityPosts)
        .values({ userId: user.id, title: 'Nested', content: 'Nested replies' })
        .returning();
      const [parent] = await db
        .insert(communityReplies)
        .values({ postId: post!.id, userId: user.id, content: 'Parent' })
        .returning();
      const [child] = await db
        .insert(communityReplies)
        .values({ postId: post!.id, userId: user.id, content: 'Child', parentReplyId: parent!.id })
        .returning();
      await db.insert(communityLikes).values({ userId: user.id, replyId: child!.id });
      await db.delete(communityReplies).where(eq(communityReplies.id, parent!.id));
      expect(await db.select().from(communityReplies).where(eq(communityReplies.id, child!.id))).toHaveLength(0);
      expect(await db.select().from(communityLikes).where(eq(communityLikes.replyId, child!.id))).toHaveLength(0);
    });
  });

  describe('listing search text', () => {
    it('is the lower-cased searchable fields plus the manufacturer name, kept up to date by triggers', async () => {
      const [brand] = await db.insert(manufacturers).values({ name: 'Trigger Test Co' }).returning();
      const listing = await createListing((await createUser()).id, {
        title: 'Village GREEN',
        subtitle: 'Summer fete',
        artist: 'Jane Doe',
        description: 'A busy scene',
        barcodeNumber: '5012345678900',
        manufacturerId: brand!.id,
      });
      for (const part of [
        'village green',
        'summer fete',
        'jane doe',
        'a busy scene',
        '5012345678900',
        'trigger test co',
      ]) {
        expect(listing.searchText).toContain(part);
      }

      await db.update(puzzleListings).set({ title: 'Harbour LIGHTS' }).where(eq(puzzleListings.id, listing.id));
      await db.update(manufacturers).set({ name: 'Renamed Brand' }).where(eq(manufacturers.id, brand!.id));
      const [after] = await db.select().from(puzzleListings).where(eq(puzzleListings.id, listing.id));
      expect(after!.searchText).toContain('harbour lights');
      expect(after!.searchText).not.toContain('village green');
      expect(after!.searchText).toContain('renamed brand');
      expect(after!.searchText).not.toContain('trigger test co');

      // The app cannot overwrite it.
      await db.update(puzzleListings).set({ searchText: 'junk' }).where(eq(puzzleListings.id, listing.id));
      const found = await db
        .select({ id: puzzleListings.id })
        .from(puzzleListings)
        .where(sql`${puzzleListings.searchText} LIKE ${'%renamed brand%'}`);
      expect(found.map((r) => r.id)).toContain(listing.id);
    });
  });

  describe('reference data and indexes', () => {
    it('a fresh install has the reference manufacturers, the same list as the TypeScript one', async () => {
      expect(REFERENCE_MANUFACTURERS.length).toBeGreaterThanOrEqual(24);
      expect(new Set(REFERENCE_MANUFACTURERS.map((n) => n.toLowerCase())).size).toBe(REFERENCE_MANUFACTURERS.length);
      const stored = await db
        .select({ name: manufacturers.name, isActive: manufacturers.isActive })
        .from(manufacturers);
      const names = new Set(stored.map((m) => m.name));
      for (const name of REFERENCE_MANUFACTURERS) expect(names, name).toContain(name);
      expect(stored.filter((m) => REFERENCE_MANUFACTURERS.includes(m.name as never)).every((m) => m.isActive)).toBe(
        true,
      );

      // And the migration's SQL names exactly the TypeScript list.
      const migration = fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_reference_manufacturers.sql'));
      const text = fs.readFileSync(path.join(migrationsFolder, migration!), 'utf8');
      const inSql = [...text.matchAll(/\('((?:[^']|'')+)'\)/g)].map((m) => m[1]!.replace(/''/g, "'"));
      expect(inSql).toEqual([...REFERENCE_MANUFACTURERS]);
    });

    it('the browse indexes exist, partial on active listings, with trigram search', async () => {
      const indexes = await rows<{ indexname: string; indexdef: string }>(
        db,
        sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'puzzle_listings'`,
      );
      const byName = new Map(indexes.map((i) => [i.indexname, i.indexdef]));
      for (const name of [
        'puzzle_listings_active_created_at_idx',
        'puzzle_listings_active_title_idx',
        'puzzle_listings_active_pieces_idx',
        'puzzle_listings_active_points_idx',
        'puzzle_listings_active_year_idx',
        'puzzle_listings_active_manufacturer_idx',
        'puzzle_listings_active_difficulty_idx',
        'puzzle_listings_active_condition_idx',
        'puzzle_listings_active_missing_pieces_idx',
      ]) {
        expect(byName.get(name), name).toMatch(/WHERE \(?status = 'active'/);
      }
      expect(byName.get('puzzle_listings_active_title_idx')).toContain('lower(title)');
      expect(byName.get('puzzle_listings_user_id_status_idx')).toContain('(user_id, status)');
      expect(byName.get('puzzle_listings_search_text_trgm_idx')).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
      expect(byName.get('puzzle_listings_artist_trgm_idx')).toMatch(/USING gin \(lower\(artist\) gin_trgm_ops\)/);

      const others = await rows<{ indexname: string }>(
        db,
        sql`SELECT indexname FROM pg_indexes WHERE indexname IN (
          'users_email_lower_unique', 'trade_requests_requester_status_idx', 'trade_requests_owner_status_idx',
          'trade_requests_listing_status_idx', 'points_ledger_user_id_idx', 'messages_thread_id_created_at_idx',
          'message_thread_participants_user_id_idx', 'sessions_expire_idx', 'admin_actions_timestamp_idx')`,
      );
      expect(others).toHaveLength(9);
    });

    it('the relations let the app load a listing with its owner and manufacturer', async () => {
      const [brand] = await db.select().from(manufacturers).where(eq(manufacturers.name, 'Wentworth'));
      const owner = await createUser({ firstName: 'Ada' });
      const listing = await createListing(owner.id, { manufacturerId: brand!.id });
      const found = await db.query.puzzleListings.findFirst({
        where: eq(puzzleListings.id, listing.id),
        with: { owner: true, manufacturer: true, favorites: true },
      });
      expect(found?.owner.firstName).toBe('Ada');
      expect(found?.manufacturer?.name).toBe('Wentworth');
      expect(found?.favorites).toEqual([]);
    });
  });
}

// The repository's vitest config runs tests/api twice when TEST_DATABASE_URL is set: an
// 'embedded' project and a 'postgres' one (TEST_DB_KIND). Run each backend once per run;
// run on its own (no TEST_DB_KIND), the file covers both.
const kind = process.env.TEST_DB_KIND;
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(kind === 'postgres')('database schema on embedded PGlite', () => {
  schemaSuite((folder) => openPglite(folder));
});

describe.skipIf(!postgresUrl || kind === 'embedded')('database schema on PostgreSQL', () => {
  it.skipIf(!postgresUrl)('migrations apply to a fresh PostgreSQL database', async () => {
    const backend = await openPostgres(postgresUrl!);
    try {
      const version = await rows<{ server_version_num: string }>(backend.db, sql`SHOW server_version_num`);
      expect(Number(version[0]!.server_version_num)).toBeGreaterThanOrEqual(150000);
      const tables = await rows<{ n: number }>(
        backend.db,
        sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      expect(tables[0]!.n).toBeGreaterThanOrEqual(25);
    } finally {
      await backend.close();
    }
  });

  schemaSuite((folder) => openPostgres(postgresUrl!, folder));
});
