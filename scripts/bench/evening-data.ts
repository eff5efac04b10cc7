// The club evening's data (issue 29, `npm run bench:evening`), loaded once into its own
// PostgreSQL database and reused (BENCH_RELOAD=1 loads it again):
//   100,000 active listings and 2,000 members (load-data.ts; the members have towns and points,
//     so distance questions find them);
//   a forum of 10,000 posts and 200,000 replies, written by the first 200 of those members
//     (forum-data.ts);
//   100,000 saved searches and 100,000 wishes spread over all 2,000 (wanted-data.ts);
//   20,000 conversations of two members, 10 messages each (every member in about 20, some
//     read to the end, some not), 50 notifications each (a fifth unread) and 10 favourites each,
//     written here by set-based SQL.
// Sessions are made afresh each run, one per member (their cookies sign the requests in).

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SESSION_IDLE_MS } from '../../src/domain/constants';
import { hashToken } from '../../src/server/auth/sessions-repository';
import { queryRows, type Db } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { insertForum, FORUM_POSTS } from './forum-data';
import { BENCH_EMAIL_DOMAIN, countBenchListings, loadBenchData } from './load-data';
import { loadWanted, SAVED_SEARCHES } from './wanted-data';

export const EVENING_LISTINGS = 100_000;
export const EVENING_MEMBERS = 2_000;
export const THREADS = 20_000;
const MESSAGES_PER_THREAD = 10;
const NOTIFICATIONS_PER_MEMBER = 50;
const FAVORITES_PER_MEMBER = 10;
const n = (value: number) => sql.raw(String(Math.trunc(value)));

type Counts = { members: number; listings: number; posts: number; threads: number; searches: number };

async function counts(db: Db): Promise<Counts> {
  const [row] = await queryRows<Counts>(
    db,
    sql`SELECT (SELECT count(*) FROM users WHERE email LIKE ${`%@${BENCH_EMAIL_DOMAIN}`})::int AS members,
      (SELECT count(*) FROM community_posts)::int AS posts,
      (SELECT count(*) FROM message_threads)::int AS threads,
      (SELECT count(*) FROM saved_searches)::int AS searches, 0 AS listings`,
  );
  return { ...row!, listings: await countBenchListings(db) };
}

/** True when the database holds the whole evening (the listings published by earlier runs aside). */
export async function eveningLoaded(db: Db): Promise<boolean> {
  const c = await counts(db);
  return (
    c.members === EVENING_MEMBERS &&
    c.listings >= EVENING_LISTINGS &&
    c.listings < EVENING_LISTINGS * 1.1 &&
    c.posts === FORUM_POSTS &&
    c.threads === THREADS &&
    c.searches === SAVED_SEARCHES
  );
}

/** Empties the database and loads the whole evening. */
export async function loadEvening(db: Db, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  await db.execute(sql`TRUNCATE users, puzzle_listings, community_posts, message_threads RESTART IDENTITY CASCADE`);
  log(`  ${EVENING_LISTINGS.toLocaleString('en-GB')} listings and ${EVENING_MEMBERS.toLocaleString('en-GB')} members`);
  await loadBenchData(db, EVENING_LISTINGS, () => {});
  const memberIds = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM users WHERE email LIKE ${`%@${BENCH_EMAIL_DOMAIN}`} ORDER BY id`,
    )
  ).map((r) => Number(r.id));
  const first = memberIds[0]!;
  log('  the forum');
  await insertForum(db, first, () => {});
  log(`  ${SAVED_SEARCHES.toLocaleString('en-GB')} saved searches and as many wishes`);
  await loadWanted(db, memberIds);
  log('  conversations, notifications and favourites');
  await insertConversations(db, first);
  await insertNotificationsAndFavorites(db, first);
  for (const table of [
    'message_threads',
    'message_thread_participants',
    'messages',
    'trading_notifications',
    'favorites',
  ])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  log(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Thread t is between member first + t % M and another a few hundred places on; the first
 * has read it to the end one time in three, else up to the 7th message; the other has read
 * up to the 9th, or (one in five) nothing yet. Messages a minute apart, threads over 60 days.
 */
async function insertConversations(db: Db, first: number): Promise<void> {
  const M = EVENING_MEMBERS;
  await db.execute(sql`
    INSERT INTO message_threads (subject, puzzle_listing_id, last_message_at, created_at, updated_at)
    SELECT 'About the puzzle ' || t, CASE WHEN t % 4 = 0 THEN NULL ELSE 1 + (t * 37) % ${n(EVENING_LISTINGS)} END,
      now() - ((t * 257) % 86400) * interval '1 minute' + ${n(MESSAGES_PER_THREAD)} * interval '1 minute',
      now() - ((t * 257) % 86400) * interval '1 minute', now() - ((t * 257) % 86400) * interval '1 minute'
    FROM generate_series(1, ${n(THREADS)}) t ORDER BY t`);
  await db.execute(sql`
    WITH p AS (
      SELECT id, created_at,
        ${n(first)} + id % ${n(M)} AS a,
        ${n(first)} + (id % ${n(M)} + 1 + (id / ${n(M)}) * 37 % ${n(M - 1)}) % ${n(M)} AS b
      FROM message_threads)
    INSERT INTO message_thread_participants (thread_id, user_id, last_read_at, created_at)
    SELECT id, a, created_at + CASE WHEN id % 3 = 0 THEN ${n(MESSAGES_PER_THREAD)} ELSE 7 END * interval '1 minute', created_at FROM p
    UNION ALL
    SELECT id, b, CASE WHEN id % 5 = 0 THEN NULL ELSE created_at + 9 * interval '1 minute' END, created_at FROM p`);
  await db.execute(sql`
    INSERT INTO messages (thread_id, sender_id, content, created_at)
    SELECT t.id, CASE WHEN m % 2 = 1 THEN pa.user_id ELSE pb.user_id END,
      'Message ' || m || ': is the puzzle still complete? I would love to try it this winter.',
      t.created_at + m * interval '1 minute'
    FROM message_threads t
    JOIN LATERAL (SELECT user_id FROM message_thread_participants WHERE thread_id = t.id ORDER BY created_at, user_id LIMIT 1) pa ON true
    JOIN LATERAL (SELECT user_id FROM message_thread_participants WHERE thread_id = t.id AND user_id <> pa.user_id LIMIT 1) pb ON true
    CROSS JOIN generate_series(1, ${n(MESSAGES_PER_THREAD)}) m
    ORDER BY t.id, m`);
}

async function insertNotificationsAndFavorites(db: Db, first: number): Promise<void> {
  const M = EVENING_MEMBERS;
  await db.execute(sql`
    INSERT INTO trading_notifications (user_id, type, title, message, link, is_read, created_at)
    SELECT ${n(first)} + g % ${n(M)}, 'community_reply', 'A new reply',
      'Someone replied to a post you follow, number ' || g, '/community?post=' || (1 + g % ${n(FORUM_POSTS)}),
      g % 5 <> 0, now() - g * interval '1 minute'
    FROM generate_series(1, ${n(M * NOTIFICATIONS_PER_MEMBER)}) g`);
  // Listings a member does not own (a listing's owner is first + its number % M: load-data.ts).
  await db.execute(sql`
    INSERT INTO favorites (user_id, puzzle_listing_id, created_at)
    SELECT ${n(first)} + g % ${n(M)}, 1 + (g * 7919 + 1) % ${n(EVENING_LISTINGS)}, now() - g * interval '1 minute'
    FROM generate_series(1, ${n(M * FAVORITES_PER_MEMBER)}) g
    WHERE (1 + (g * 7919 + 1) % ${n(EVENING_LISTINGS)}) % ${n(M)} <> g % ${n(M)}
    ON CONFLICT DO NOTHING`);
}

/** One fresh session per member: their cookies, in member id order, with the ids. */
export async function eveningSessions(db: Db): Promise<Array<{ memberId: number; cookie: string; token: string }>> {
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM users WHERE email LIKE ${`%@${BENCH_EMAIL_DOMAIN}`} ORDER BY id`,
    )
  ).map((r) => Number(r.id));
  await db.execute(sql`DELETE FROM sessions`);
  const members = ids.map((memberId) => {
    const token = randomBytes(32).toString('base64url');
    return { memberId, token, cookie: `jc_session=${token}` };
  });
  // A session as a sign-in leaves it: its sliding expiry is written again after a minute.
  const expire = new Date(Date.now() + SESSION_IDLE_MS);
  for (let i = 0; i < members.length; i += 500)
    await db
      .insert(sessions)
      .values(
        members.slice(i, i + 500).map((m) => ({ sid: hashToken(m.token), userId: m.memberId, expire, sess: {} })),
      );
  return members;
}
