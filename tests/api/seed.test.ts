import fs from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_CONDITIONS, LISTING_DIFFICULTIES } from '../../src/domain/enums';
import { isProfileComplete } from '../../src/domain/profile';
import { queryRows, type Database } from '../../src/server/db/client';
import { earnedAchievements } from '../../src/domain/achievements';
import { achievementState } from '../../src/server/achievements/achievements-repository';
import {
  adminActions,
  feedbackReports,
  manufacturers,
  memberProfiles,
  pointsLedger,
  puzzleListings,
  userAchievements,
  users,
  savedSearches,
  wishes,
  wishOffers,
} from '../../src/server/db/schema';
import { puzzleTitleKey } from '../../src/domain/wanted';
import { feedbackReceived } from '../../src/server/feedback/feedback-service';
import { memberDirectory } from '../../src/server/members/member-pages-service';
import { isSuspended } from '../../src/domain/admin';
import { DEMO_BRAND, SUSPENDED_EMAIL } from '../../scripts/demo/admin';
import { thumbnailUrlFor } from '../../src/server/uploads/image-store';
import { createDiskStorage } from '../../src/server/uploads/disk-storage';
import { contactSubjectFor } from '../../src/domain/messages';
import { countUnreadMessages } from '../../src/server/messages/messages-repository';
import { PRIVATE_DEMO_MEMBER } from '../../scripts/demo/member-pages';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../../scripts/demo/members';
import { DEMO_CONVERSATIONS } from '../../scripts/demo/messages';
import { runSeed } from '../../scripts/demo/steps';
import { createTestDatabase, tempDir } from '../support/test-database';

// The demo seed, run in-process with small pictures to stay quick.
const pictureSize = { width: 160, height: 120 };

let database: Database;
let uploadDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadDir = tempDir('seed-uploads');
  await runSeed(database.db, { pictures: createDiskStorage(uploadDir), pictureSize });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const counts = async () => {
  const [row] = await queryRows<{
    users: number;
    listings: number;
    ledger: number;
    actions: number;
    pages: number;
    badges: number;
  }>(
    database.db,
    sql`select (select count(*) from users)::int as users,
               (select count(*) from puzzle_listings)::int as listings,
               (select count(*) from points_ledger)::int as ledger,
               (select count(*) from admin_actions)::int as actions,
               (select count(*) from member_profiles)::int as pages,
               (select count(*) from user_achievements)::int as badges`,
  );
  return { ...row!, files: fs.readdirSync(uploadDir).length };
};

describe('the demo club', () => {
  it('has 12+ members with complete UK profiles, one administrator, all signing in with the demo password', async () => {
    const members = await database.db.select().from(users);
    expect(members.length).toBeGreaterThanOrEqual(12);
    for (const m of members) {
      expect(m.profileCompleted, m.email).toBe(true);
      expect(isProfileComplete(m), m.email).toBe(true);
      expect(m.emailVerified).toBe(true);
      expect(m.country).toBe('United Kingdom');
      expect(m.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    }
    expect(new Set(members.map((m) => m.town_or_city)).size).toBeGreaterThanOrEqual(12);
    expect(members.filter((m) => m.isAdmin).map((m) => m.email)).toEqual([ADMIN_EMAIL]);
    expect(await verify(members[0]!.passwordHash!, DEMO_PASSWORD)).toBe(true);
  });

  it('has 60+ listings over every difficulty, condition and manufacturer, mostly live', async () => {
    const listings = await database.db.select().from(puzzleListings);
    expect(listings.length).toBeGreaterThanOrEqual(60);
    expect(new Set(listings.map((l) => l.difficulty))).toEqual(new Set(LISTING_DIFFICULTIES));
    expect(new Set(listings.map((l) => l.condition))).toEqual(new Set(LISTING_CONDITIONS));
    const brands = await database.db.select().from(manufacturers);
    expect(brands.length).toBeGreaterThan(0);
    const used = new Set(listings.map((l) => l.manufacturerId));
    // Every brand but the one an administrator added last month is used by some listing.
    expect(brands.filter((b) => !used.has(b.id)).map((b) => b.name)).toEqual([DEMO_BRAND]);

    const byStatus = (s: string) => listings.filter((l) => l.status === s).length;
    expect(byStatus('active')).toBeGreaterThan(listings.length * 0.75);
    expect(byStatus('draft')).toBeGreaterThan(0);
    expect(byStatus('archived')).toBeGreaterThan(0);
    for (const l of listings) expect(l.publishedAt === null, l.title).toBe(l.status === 'draft');

    const pieces = listings.map((l) => l.pieces);
    expect(Math.min(...pieces)).toBe(100);
    expect(Math.max(...pieces)).toBe(5000);
    expect(listings.filter((l) => l.puzzlePoints === 5).length).toBeGreaterThan(listings.length / 2);
    expect(new Set(listings.map((l) => l.puzzlePoints)).size).toBeGreaterThan(5);
    const years = listings.map((l) => l.yearOfManufacture);
    expect(years).toContain(null);
    expect(years.some((y) => y !== null && y < 1980)).toBe(true);
    expect(years).toContain(2025);
    expect(listings.some((l) => l.artist === null)).toBe(true);
    const incomplete = listings.filter((l) => l.missingPieces > 0);
    expect(incomplete.length).toBeGreaterThan(0);
    expect(incomplete.length).toBeLessThan(listings.length / 5);
    expect(incomplete.every((l) => l.missingPieces <= 3)).toBe(true);
  });

  it('gives every listing a puzzle picture and a box picture, with thumbnails, on disk', async () => {
    const listings = await database.db.select().from(puzzleListings);
    for (const l of listings) {
      for (const url of [l.puzzleImageUrl, l.boxImageUrl]) {
        expect(url, l.title).toMatch(/^\/uploads\/[\w-]+\.webp$/);
        for (const file of [url!, thumbnailUrlFor(url!)]) {
          expect(fs.existsSync(path.join(uploadDir, path.basename(file))), file).toBe(true);
        }
      }
    }
  });

  it('keeps the points invariant: balances and held points equal all points granted', async () => {
    const [totals] = await queryRows<{ balances: number; held: number; granted: number }>(
      database.db,
      sql`select (select coalesce(sum(puzzle_points), 0) from users)::int as balances,
                 (select coalesce(sum(held_points), 0) from trade_requests)::int as held,
                 (select coalesce(sum(amount), 0) from points_ledger
                   where reason in ('welcome_gift', 'admin_grant', 'admin_deduct'))::int as granted`,
    );
    expect(totals!.balances + totals!.held).toBe(totals!.granted);

    const members = await database.db.select().from(users);
    const ledger = await database.db.select().from(pointsLedger).orderBy(pointsLedger.id);
    for (const m of members) {
      const rows = ledger.filter((r) => r.userId === m.id);
      expect(rows[0]?.reason, m.email).toBe('welcome_gift');
      expect(
        rows.reduce((sum, r) => sum + r.amount, 0),
        m.email,
      ).toBe(m.puzzlePoints);
      expect(rows.at(-1)!.balanceAfter, m.email).toBe(m.puzzlePoints);
    }
    // Not everyone has just the welcome gift: the admin points tab has something to show.
    expect(members.some((m) => m.puzzlePoints >= 15)).toBe(true);
  });

  it('has the demo conversations, some read on both sides and some ending with an unread reply', async () => {
    // Per demo conversation and participant: how many messages, and how many are unread for
    // them by the app's own rule (others' messages after their lastReadAt).
    const rows = await queryRows<{ subject: string; email: string; messages: number; unread: number }>(
      database.db,
      sql`select t.subject, u.email,
                 (select count(*) from messages m where m.thread_id = t.id)::int as messages,
                 (select count(*) from messages m
                   where m.thread_id = t.id
                     and coalesce(m.sender_id, m.system_actor_id) is distinct from p.user_id
                     and (p.last_read_at is null or m.created_at > p.last_read_at))::int as unread
            from message_threads t
            join message_thread_participants p on p.thread_id = t.id
            join users u on u.id = p.user_id
           where t.trade_request_id is null`,
    );
    for (const c of DEMO_CONVERSATIONS) {
      const subject = contactSubjectFor(c.title);
      const thread = rows.filter((r) => r.subject === subject);
      expect(thread.map((r) => r.email).sort(), subject).toEqual([c.asker, c.owner].sort());
      for (const r of thread) expect(r.messages, subject).toBe(c.lines.length);
      const unreadFor = (email: string) => thread.find((r) => r.email === email)!.unread;
      if (c.readByBoth) {
        expect([unreadFor(c.asker), unreadFor(c.owner)], subject).toEqual([0, 0]);
      } else {
        // The owner's reply waits for the asker.
        expect(unreadFor(c.asker), subject).toBeGreaterThan(0);
      }
    }
    expect(DEMO_CONVERSATIONS.some((c) => c.readByBoth)).toBe(true);
    expect(DEMO_CONVERSATIONS.some((c) => !c.readByBoth)).toBe(true);
    // Margaret, the demo sign-in, sees an unread badge through the app's own count.
    const [margaret] = await database.db.select().from(users).where(eq(users.email, 'margaret.hughes@example.org'));
    expect(await countUnreadMessages(database.db, margaret!.id)).toBeGreaterThan(0);
  });

  it('has an administration: history in the activity log, a report waiting, and a suspended member', async () => {
    const actions = await database.db.select().from(adminActions);
    const admin = (await database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0]!;
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set(['create_manufacturer', 'create_setting', 'adjust_points', 'suspend_member', 'resolve_trade_dispute']),
    );
    expect(actions.every((a) => a.adminId === admin.id && a.timestamp < new Date())).toBe(true);
    expect(await database.db.select().from(manufacturers).where(eq(manufacturers.name, DEMO_BRAND))).toHaveLength(1);

    const reports = await database.db.select().from(feedbackReports).where(eq(feedbackReports.status, 'pending'));
    expect(reports).toHaveLength(1);

    const [suspended] = await database.db.select().from(users).where(eq(users.email, SUSPENDED_EMAIL));
    expect(isSuspended(suspended!)).toBe(true);
    expect(suspended!.suspensionReason).toMatch(/cooling-off fortnight/);
    expect(suspended!.isAdmin).toBe(false);
  });

  it('gives the members pages: avatars, welcome messages, about me; one private, one hiding the town', async () => {
    const members = await database.db.select().from(users);
    const pages = await database.db.select().from(memberProfiles);
    expect(pages).toHaveLength(members.length);
    for (const page of pages) {
      expect(page.welcomeMessage!.length).toBeGreaterThan(0);
      expect(page.aboutMe!.length).toBeGreaterThan(0);
    }
    const avatars = pages.flatMap((p) => (p.avatarUrl ? [p.avatarUrl] : []));
    expect(avatars.length).toBeGreaterThanOrEqual(10);
    // Some without a picture, so the directory shows initials too.
    expect(avatars.length).toBeLessThan(pages.length);
    for (const url of avatars) {
      const meta = await sharp(path.join(uploadDir, path.basename(url))).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['webp', 512, 512]);
      expect(fs.existsSync(path.join(uploadDir, path.basename(thumbnailUrlFor(url)))), url).toBe(true);
    }

    const [hidden] = await database.db.select().from(users).where(eq(users.email, PRIVATE_DEMO_MEMBER));
    expect(pages.filter((p) => !p.isProfilePublic).map((p) => p.userId)).toEqual([hidden!.id]);
    expect(hidden!.publicProfile).toBe(false);
    expect(pages.filter((p) => !p.showLocation)).toHaveLength(1);
    const { members: directory } = await memberDirectory(database.db, { page: 1 });
    // Everyone but the private member and the suspended one.
    expect(directory).toHaveLength(members.length - 2);
    expect(directory.some((card) => card.id === members.find((m) => m.email === SUSPENDED_EMAIL)!.id)).toBe(false);
    expect(directory.some((card) => card.id === hidden!.id)).toBe(false);
    expect(directory.filter((card) => card.town === null)).toHaveLength(1);
  });

  it('gives the members the achievements their listings and trades have earned, and visible feedback', async () => {
    const members = await database.db.select().from(users);
    const unlocked = await database.db.select().from(userAchievements);
    for (const m of members) {
      const mine = unlocked.filter((a) => a.userId === m.id).map((a) => a.achievementType);
      expect(mine.sort(), m.email).toEqual(
        earnedAchievements((await achievementState(database.db, m.id)).counts).sort(),
      );
    }
    const types = new Set(unlocked.map((a) => a.achievementType));
    expect(types.has('first_listing') && types.has('first_trade')).toBe(true);

    const [margaret] = await database.db.select().from(users).where(eq(users.email, 'margaret.hughes@example.org'));
    const feedback = await feedbackReceived(database.db, margaret!.id);
    expect(feedback.length).toBeGreaterThan(0);
    expect(feedback.every((f) => f.isVisible)).toBe(true);
  });

  it('gives members saved searches, a wish list with a queue, and a first offer running (docs/product/wanted.md)', async () => {
    expect((await database.db.select().from(savedSearches)).length).toBeGreaterThanOrEqual(3);
    const offers = await database.db.select().from(wishOffers);
    expect(offers.filter((o) => o.status === 'open')).toHaveLength(1);
    const [held] = await database.db.select().from(puzzleListings).where(eq(puzzleListings.id, offers[0]!.listingId));
    expect(held!.heldUntil?.getTime()).toBe(offers[0]!.until.getTime());
    const line = (await database.db.select().from(wishes)).filter((w) => w.titleKey === puzzleTitleKey(held!.title));
    expect(line.length).toBeGreaterThanOrEqual(2);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    const lines: string[] = [];
    await runSeed(database.db, {
      pictures: createDiskStorage(uploadDir),
      pictureSize,
      log: (line) => lines.push(line),
    });
    expect(await counts()).toEqual(before);
    expect(lines).toEqual([]);
    expect(await database.db.select().from(adminActions)).toHaveLength(before.actions);
  });
});
