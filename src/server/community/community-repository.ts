import { eq, sql, type SQL } from 'drizzle-orm';
import { COMMUNITY_POSTS_PAGE_SIZE } from '../../domain/community';
import { COMMUNITY_CATEGORIES, type CommunityCategory } from '../../domain/enums';
import type pg from 'pg';
import { queryRows, type DbOrTx } from '../db/client';
import { queryFixedPlan } from '../db/prepared-statements';
import { searchWordCounts, type SearchWay } from './search-word-counts';
import {
  communityPostReads,
  communityPosts,
  communityReplies,
  users,
  type CommunityPost,
  type CommunityReply,
} from '../db/schema';

// The forum's rows (docs/product/community.md). Reads are one statement each, whatever the page size (no
// query per post or per reply); writes keep every counter in the same transaction as the row
// it counts, by single-statement updates under the counted item's row lock.
//
// This file: posts (the list, one post, the row locks, reading positions and views) and a
// member's contact for notices. Beside it: community-replies-, -likes-, -activity-, -flags- and
// -moderation-repository.ts.

/** Who is asking: hidden items only for admins; likedByMe and reading positions are theirs. */
export type Viewer = { id: number; isAdmin: boolean };

/** A post row as the views need it: the author's names (null once they have left) and the viewer's state. */
export type PostRow = {
  id: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  title: string;
  content: string;
  category: CommunityCategory;
  tags: string[];
  image_urls: string[];
  is_pinned: boolean;
  is_locked: boolean;
  is_edited: boolean;
  deleted_at: Date | string | null;
  removed_by_team: boolean;
  hidden_at: Date | string | null;
  view_count: number;
  like_count: number;
  reply_count: number;
  last_activity_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  liked_by_me: boolean;
  last_read_reply_id: number | null;
  new_replies: number | string | null;
};

/** Replies that count: not removed by their author, not hidden (replyCount counts these). */
const COUNTED_REPLY = sql.raw('x.deleted_at IS NULL AND x.hidden_at IS NULL');

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function postColumns(viewer: Viewer): SQL {
  return sql`p.id, p.user_id, u.first_name, u.last_name, p.title, p.content, p.category, p.tags, p.image_urls,
    p.is_pinned, p.is_locked, p.is_edited, p.deleted_at, p.removed_by_team, p.hidden_at, p.view_count, p.like_count,
    p.reply_count, p.last_activity_at, p.created_at, p.updated_at,
    EXISTS (SELECT 1 FROM community_likes k WHERE k.post_id = p.id AND k.user_id = ${viewer.id}) AS liked_by_me,
    r.last_read_reply_id,
    CASE WHEN r.user_id IS NULL THEN NULL ELSE (
      SELECT count(*) FROM community_replies x
       WHERE x.post_id = p.id AND x.id > r.last_read_reply_id AND ${COUNTED_REPLY}
         AND x.user_id IS DISTINCT FROM ${viewer.id}
    ) END AS new_replies`;
}

/** The posts of `page` (a relation of id and ord) with their authors and the viewer's state, in `ord` order. */
function postsOfPage(viewer: Viewer, page: SQL): SQL {
  return sql`WITH page AS (${page})
        SELECT ${postColumns(viewer)}
          FROM page
          JOIN community_posts p ON p.id = page.id
          LEFT JOIN users u ON u.id = p.user_id
          LEFT JOIN community_post_reads r ON r.post_id = p.id AND r.user_id = ${viewer.id}
         ORDER BY page.ord`;
}

const whereOf = (conditions: SQL[]): SQL =>
  conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

const LIST_ORDER = sql.raw('q.is_pinned DESC, q.last_activity_at DESC, q.id DESC');

/**
 * One page of posts: pinned first, then latest activity (id breaks ties), 20 a page.
 *
 * Planning these statements cost PostgreSQL more than running them (docs/performance.md,
 * "The forum"), so on PostgreSQL each is one prepared statement (queryFixedPlan) that finds
 * the page's ids and reads their posts: the list walks its index in the list's order and
 * stops at the page; a search either walks the same way, testing each post's text, or looks
 * its word up in the trigram index and sorts what it finds, whichever is cheaper for that
 * word (search-word-counts.ts tells them apart; both find the same posts).
 */
export async function postPage(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  viewer: Viewer,
  query: { category?: CommunityCategory; q?: string; page: number },
  /** How to search (tests try both); by default the word counts choose. */
  searchWay?: SearchWay,
): Promise<PostRow[]> {
  const where: SQL[] = [];
  if (!viewer.isAdmin) where.push(sql`q.hidden_at IS NULL`);
  const offset = (query.page - 1) * COMMUNITY_POSTS_PAGE_SIZE;
  // The page size is part of the text (with LIMIT as a value PostgreSQL would guess a tenth
  // of the table and sort it), and the offset a value the planner cannot see: seeing it, it
  // found page 1 cheaper than the generic plan and so planned the statement at every call
  // (0.9 ms a call, pg_stat_statements: 1,299 plans for 1,267 calls); behind a sub-select,
  // every plan costs the same and PostgreSQL keeps the generic one, the walk, after five.
  const pageWindow = sql`LIMIT ${sql.raw(String(COMMUNITY_POSTS_PAGE_SIZE))} OFFSET (SELECT ${offset}::int)`;
  let way: SearchWay | null = null;
  if (query.q) {
    const text = query.q.toLowerCase();
    way = searchWay ?? searchWordCounts(db)?.way(text, query.category, offset + COMMUNITY_POSTS_PAGE_SIZE) ?? 'index';
    // search_text is the lower-case title and content; removed posts are not searched. The
    // walk's strpos is LIKE '%text%' without the pattern (and no index can take it, so its
    // plan is the walk); the index's LIKE is what the trigram index answers, its pattern
    // behind a sub-select as the offset is: seeing it, the planner judged each word anew
    // (planning every call) and for some walked the category instead (11 ms against 0.6).
    where.push(
      way === 'walk'
        ? sql`strpos(q.search_text, ${text}) > 0`
        : sql`q.search_text LIKE (SELECT ${containsPattern(query.q)}::text)`,
      sql`q.deleted_at IS NULL`,
    );
  }
  let order = LIST_ORDER;
  if (query.category && way === 'index') {
    // The trigram index holds the category beside the words (btree_gin): it looks there only.
    where.push(sql`q.category = ${query.category}`);
  } else if (query.category) {
    // A walk in one category must be that category's index, and the generic plan of
    // `category = $1` walked the whole list's index, filtering (418 posts read for page 5's
    // 100 of the list, 0.56 ms against 0.11). Written as a range with the category leading
    // the order (the same order, the category being one), only the category's index gives
    // it. A search's walk has the category in its text (one of four): with it as a value the
    // planner, guessing a few dozen posts in the category and a third of them matching,
    // read the whole category and sorted it.
    const category = way === 'walk' ? sql.raw(`'${categoryLiteral(query.category)}'`) : sql`${query.category}`;
    where.push(sql`q.category >= ${category} AND q.category <= ${category}`);
    order = sql`q.category, ${LIST_ORDER}`;
  }
  const page = sql`SELECT q.id, row_number() OVER (ORDER BY ${LIST_ORDER}) AS ord
      FROM (SELECT q.id, q.category, q.is_pinned, q.last_activity_at FROM community_posts q ${whereOf(where)}
             ORDER BY ${order} ${pageWindow}) q`;
  return queryFixedPlan<PostRow>(db, pool, postsOfPage(viewer, page));
}

/** A category as an SQL literal: only the four known names, which need no quoting. */
function categoryLiteral(category: CommunityCategory): CommunityCategory {
  if (!COMMUNITY_CATEGORIES.includes(category)) throw new Error(`Unknown category ${String(category)}`);
  return category;
}

/** One post with the viewer's state; null when there is none (hidden ones are the caller's to refuse). */
export async function postRow(db: DbOrTx, viewer: Viewer, postId: number): Promise<PostRow | null> {
  const [row] = await queryRows<PostRow>(
    db,
    sql`SELECT ${postColumns(viewer)}
          FROM community_posts p
          LEFT JOIN users u ON u.id = p.user_id
          LEFT JOIN community_post_reads r ON r.post_id = p.id AND r.user_id = ${viewer.id}
         WHERE p.id = ${postId}`,
  );
  return row ?? null;
}

/** Locks a post (FOR NO KEY UPDATE) for a change that depends on it: replies, likes, edits, flags. */
export async function lockPost(tx: DbOrTx, postId: number): Promise<CommunityPost | null> {
  const [row] = await tx.select().from(communityPosts).where(eq(communityPosts.id, postId)).for('no key update');
  return row ?? null;
}

export async function lockReply(tx: DbOrTx, replyId: number): Promise<CommunityReply | null> {
  const [row] = await tx.select().from(communityReplies).where(eq(communityReplies.id, replyId)).for('no key update');
  return row ?? null;
}

export async function findReply(db: DbOrTx, replyId: number): Promise<CommunityReply | null> {
  const [row] = await db.select().from(communityReplies).where(eq(communityReplies.id, replyId));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------
// Reading positions and views

/** A post as it was before the viewer opened it, with what the visit changed. */
export type OpenedPostRow = PostRow & {
  /** The first reply new to the viewer (after their reading position, by others, counted ones). */
  first_new_reply_id: number | null;
  /** The view count after this visit counted one; null when it did not (seen today already, or refused). */
  counted_view_count: number | null;
};

/**
 * Opens a post in one statement (one round trip, prepared on PostgreSQL): reads the post as
 * it was, and, when the viewer may see it, counts a view once per member per post per (UTC)
 * day and moves their reading position to the newest reply (never back). A hidden post is
 * answered for the caller to refuse, and nothing is written for it. Null when there is none.
 */
export async function openPostRow(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  viewer: Viewer,
  postId: number,
  at: Date,
): Promise<OpenedPostRow | null> {
  const day = at.toISOString().slice(0, 10);
  const [row] = await queryFixedPlan<OpenedPostRow>(
    db,
    pool,
    sql`WITH post AS (
          SELECT ${postColumns(viewer)}
            FROM community_posts p
            LEFT JOIN users u ON u.id = p.user_id
            LEFT JOIN community_post_reads r ON r.post_id = p.id AND r.user_id = ${viewer.id}
           WHERE p.id = ${postId}
        ),
        open AS (SELECT id FROM post ${viewer.isAdmin ? sql`` : sql`WHERE hidden_at IS NULL`}),
        unread AS (
          SELECT (SELECT min(x.id) FROM community_replies x
                   WHERE x.post_id = post.id AND x.id > coalesce(post.last_read_reply_id, 0)
                     AND ${COUNTED_REPLY} AND x.user_id IS DISTINCT FROM ${viewer.id}) AS first_id,
                 (SELECT coalesce(max(x.id), 0) FROM community_replies x WHERE x.post_id = post.id) AS newest_id
            FROM post
        ),
        viewed AS (
          INSERT INTO community_post_views (post_id, user_id, viewed_on)
          SELECT id, ${viewer.id}, ${day}::date FROM open
          ON CONFLICT DO NOTHING
          RETURNING post_id
        ),
        counted AS (
          UPDATE community_posts SET view_count = view_count + 1
           WHERE id = (SELECT post_id FROM viewed)
          RETURNING view_count
        ),
        moved AS (
          INSERT INTO community_post_reads (user_id, post_id, last_read_reply_id, read_at)
          SELECT ${viewer.id}, open.id, unread.newest_id, ${at.toISOString()}::timestamptz FROM open, unread
          ON CONFLICT (user_id, post_id) DO UPDATE
            SET last_read_reply_id = greatest(community_post_reads.last_read_reply_id, excluded.last_read_reply_id),
                read_at = excluded.read_at
        )
        SELECT post.*, unread.first_id AS first_new_reply_id, (SELECT view_count FROM counted) AS counted_view_count
          FROM post, unread`,
  );
  return row ?? null;
}

/** The member has read the post up to `replyId` (never moves back). */
export async function markRead(db: DbOrTx, viewerId: number, postId: number, replyId: number, at: Date): Promise<void> {
  await db
    .insert(communityPostReads)
    .values({ userId: viewerId, postId, lastReadReplyId: replyId, readAt: at })
    .onConflictDoUpdate({
      target: [communityPostReads.userId, communityPostReads.postId],
      set: {
        lastReadReplyId: sql`greatest(${communityPostReads.lastReadReplyId}, excluded.last_read_reply_id)`,
        readAt: at,
      },
    });
}

/** The member's e-mail address and forum e-mail choice (null once they have left). */
export async function memberContact(
  db: DbOrTx,
  memberId: number | null,
): Promise<{
  id: number;
  email: string;
  /** Forum e-mails at once (the forum preference is 'instant'); otherwise the digest or nothing. */
  forumEmailNow: boolean;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
} | null> {
  if (memberId === null) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      forumEmailNow: sql<boolean>`${users.emailForum} = 'instant'`,
      isAdmin: users.isAdmin,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, memberId));
  return row ?? null;
}
