import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../src/server/db/client';
import { createSession } from '../../src/server/auth/sessions-repository';
import { ADJECTIVES, NOUNS } from './load-data';

// The forum bench's data (issue 11): 10,000 posts and 200,000 replies on PostgreSQL, written
// by set-based SQL in a few statements. 1,000 posts have exactly 100 replies (the "open post"
// load); the other 9,000 share the remaining 100,000 (11 or 12 each). Posts spread over a
// year of activity in the four categories, 20 of them pinned; titles and contents are made of
// the browse bench's words, so searches find from a handful to thousands.

export const FORUM_POSTS = 10_000;
export const FORUM_REPLIES = 200_000;
export const FORUM_MEMBERS = 200;
/** Posts with id <= this have 100 replies each. */
export const HUNDRED_REPLY_POSTS = 1_000;
export const FORUM_EMAIL_DOMAIN = 'forum-bench.invalid';

const words = (list: string[]) => sql.raw(`ARRAY[${list.map((w) => `'${w.replaceAll("'", "''")}'`).join(', ')}]`);

export async function countForumBench(db: DbOrTx): Promise<{ posts: number; replies: number }> {
  const [row] = await queryRows<{ posts: number; replies: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM community_posts) AS posts, (SELECT count(*)::int FROM community_replies) AS replies`,
  );
  return row ?? { posts: 0, replies: 0 };
}

export async function loadForumBench(db: DbOrTx, log: (line: string) => void): Promise<void> {
  await db.execute(sql`TRUNCATE users, community_posts RESTART IDENTITY CASCADE`);
  await db.execute(sql`
    INSERT INTO users (email, email_verified, first_name, last_name, profile_completed, has_seen_welcome_gift)
    SELECT 'member' || g || '@' || ${FORUM_EMAIL_DOMAIN}, true,
           (ARRAY['Margaret','Derek','Patricia','Graham','Susan','Rajesh','Brenda','Alan','Jean','Colin'])[1 + g % 10],
           (ARRAY['Hughes','Pemberton','ONeill','Thornton','Ashworth','Patel','McAllister','Rees'])[1 + g % 8],
           true, true
      FROM generate_series(1, ${FORUM_MEMBERS}) g`);
  await insertForum(db, 1, log);
}

/**
 * The posts and replies alone, written by the FORUM_MEMBERS members with ids from
 * `firstMember` on (they must exist): the forum bench's own members, or the club evening's
 * (evening-data.ts).
 */
export async function insertForum(db: DbOrTx, firstMember: number, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const author = (expression: string) => sql.raw(`${Math.trunc(firstMember)} + (${expression}) % ${FORUM_MEMBERS}`);
  await db.execute(sql`
    INSERT INTO community_posts (user_id, title, content, category, is_pinned, reply_count, last_activity_at, created_at, updated_at)
    SELECT ${author('g * 7919')},
           a[1 + (g * 31) % array_length(a, 1)] || ' ' || n[1 + (g * 17) % array_length(n, 1)] || ' thoughts, number ' || g,
           'I have been working on a ' || lower(a[1 + (g * 13) % array_length(a, 1)]) || ' '
             || lower(n[1 + (g * 29) % array_length(n, 1)]) || ' puzzle and wondered what others think of the '
             || lower(n[1 + (g * 11) % array_length(n, 1)]) || ' pieces. Any tips are welcome.',
           (ARRAY['general','tips','showcase','help'])[1 + g % 4],
           g % 500 = 0,
           CASE WHEN g <= ${HUNDRED_REPLY_POSTS} THEN 100 WHEN g <= ${HUNDRED_REPLY_POSTS * 2} THEN 12 ELSE 11 END,
           now() - ((g * 3571) % 525600) * interval '1 minute',
           now() - interval '1 year', now() - interval '1 year'
      FROM generate_series(1, ${FORUM_POSTS}) g, (SELECT ${words(ADJECTIVES)} AS a, ${words(NOUNS)} AS n) w`);
  log(`  posts written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await db.execute(sql`
    INSERT INTO community_replies (post_id, user_id, content, created_at, updated_at)
    SELECT p.id, ${author('(p.id * 101 + r) * 7')},
           'Reply ' || r || ': I sorted the edges first and it went well, thank you for asking.',
           p.created_at + r * interval '1 minute', p.created_at + r * interval '1 minute'
      FROM community_posts p, LATERAL generate_series(1, p.reply_count) r
     ORDER BY p.id, r`);
  await db.execute(sql`VACUUM ANALYZE community_posts`);
  await db.execute(sql`VACUUM ANALYZE community_replies`);
  await db.execute(sql`ANALYZE users`);
  const { posts, replies } = await countForumBench(db);
  if (posts !== FORUM_POSTS || replies !== FORUM_REPLIES)
    throw new Error(`forum bench data: ${posts} posts, ${replies} replies`);
  log(
    `  ${posts.toLocaleString('en-GB')} posts and ${replies.toLocaleString('en-GB')} replies loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Session cookies for `count` bench members (each request is asked by one of them). */
export async function forumCookies(db: DbOrTx, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let id = 1; id <= count; id++) cookies.push(`jc_session=${(await createSession(db, id, false)).token}`);
  return cookies;
}
