import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { COMMUNITY_ACTIVITIES_PAGE_SIZE, COMMUNITY_POSTS_PAGE_SIZE } from '../../domain/community';
import { COMMUNITY_CATEGORIES, type CommunityCategory } from '../../domain/enums';
import type pg from 'pg';
import { queryRows, type DbOrTx } from '../db/client';
import { queryFixedPlan } from '../listings/prepared-statements';
import { searchWordCounts, type SearchWay } from './search-word-counts';
import {
  communityLikes,
  communityPostReads,
  communityPosts,
  communityReplies,
  feedbackReports,
  userActivities,
  users,
  type CommunityPost,
  type CommunityReply,
} from '../db/schema';

// The forum's rows (CONTRACT §5). Reads are one statement each, whatever the page size (no
// query per post or per reply); writes keep every counter in the same transaction as the row
// it counts, by single-statement updates under the counted item's row lock.

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

// ---------------------------------------------------------------------------------------
// Replies

export type ReplyRow = {
  id: number;
  post_id: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  content: string;
  parent_reply_id: number | null;
  parent_user_id: number | null;
  parent_first_name: string | null;
  parent_last_name: string | null;
  parent_exists: boolean;
  like_count: number;
  liked_by_me: boolean;
  is_edited: boolean;
  deleted_at: Date | string | null;
  removed_by_team: boolean;
  hidden_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/**
 * A post's replies, oldest first, with their authors, the parent's author and the viewer's
 * likes: one range of the (post_id, id) index, prepared on PostgreSQL. None when the post is
 * not there or hidden from the viewer (postVisible tells that from a post without replies).
 */
export async function replyRows(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  viewer: Viewer,
  postId: number,
  /** Only this reply (the answer to posting or editing one), not all 100. */
  onlyReplyId?: number,
): Promise<ReplyRow[]> {
  return queryFixedPlan<ReplyRow>(
    db,
    pool,
    sql`SELECT x.id, x.post_id, x.user_id, u.first_name, u.last_name, x.content, x.parent_reply_id,
               pr.user_id AS parent_user_id, pu.first_name AS parent_first_name, pu.last_name AS parent_last_name,
               (pr.id IS NOT NULL) AS parent_exists,
               x.like_count, x.is_edited, x.deleted_at, x.removed_by_team, x.hidden_at, x.created_at, x.updated_at,
               EXISTS (SELECT 1 FROM community_likes k WHERE k.reply_id = x.id AND k.user_id = ${viewer.id}) AS liked_by_me
          FROM community_replies x
          LEFT JOIN users u ON u.id = x.user_id
          LEFT JOIN community_replies pr ON pr.id = x.parent_reply_id
          LEFT JOIN users pu ON pu.id = pr.user_id
         WHERE x.post_id = ${postId} ${onlyReplyId === undefined ? sql`` : sql`AND x.id = ${onlyReplyId}`}
           AND EXISTS (SELECT 1 FROM community_posts p WHERE p.id = ${postId}
                        ${viewer.isAdmin ? sql`` : sql`AND p.hidden_at IS NULL`})
           ${viewer.isAdmin ? sql`` : sql`AND x.hidden_at IS NULL`}
         ORDER BY x.id`,
  );
}

/** Whether the post is there for the viewer (hidden ones only for admins). */
export async function postVisible(db: DbOrTx, viewer: Viewer, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ hiddenAt: communityPosts.hiddenAt })
    .from(communityPosts)
    .where(eq(communityPosts.id, postId));
  return row !== undefined && (row.hiddenAt === null || viewer.isAdmin);
}

/** Adds a reply and raises its post's count and last activity, in the caller's transaction. */
export async function insertReply(
  tx: DbOrTx,
  values: { postId: number; userId: number; content: string; parentReplyId: number | null; at: Date },
): Promise<CommunityReply> {
  const [reply] = await tx
    .insert(communityReplies)
    .values({ ...values, createdAt: values.at, updatedAt: values.at })
    .returning();
  await tx
    .update(communityPosts)
    .set({ replyCount: sql`${communityPosts.replyCount} + 1`, lastActivityAt: values.at })
    .where(eq(communityPosts.id, values.postId));
  return reply!;
}

/** Moves a post's replyCount by `delta` (a reply removed, hidden or shown again). */
export async function adjustReplyCount(tx: DbOrTx, postId: number, delta: number): Promise<void> {
  await tx
    .update(communityPosts)
    .set({ replyCount: sql`${communityPosts.replyCount} + ${delta}` })
    .where(eq(communityPosts.id, postId));
}

/** Whether the post has any reply at all (removed or hidden ones included). */
export async function hasReplies(db: DbOrTx, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: communityReplies.id })
    .from(communityReplies)
    .where(eq(communityReplies.postId, postId))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------
// Likes

export type LikeTarget = { postId: number } | { replyId: number };

/**
 * Toggles the member's like on a post or reply whose row the caller has locked: the like row
 * and the counter change together. Answers the new state and count.
 */
export async function toggleLikeRow(
  tx: DbOrTx,
  memberId: number,
  target: LikeTarget,
): Promise<{ liked: boolean; likeCount: number }> {
  const isPost = 'postId' in target;
  const column = isPost ? communityLikes.postId : communityLikes.replyId;
  const id = isPost ? target.postId : target.replyId;
  const removed = await tx
    .delete(communityLikes)
    .where(and(eq(communityLikes.userId, memberId), eq(column, id)))
    .returning({ id: communityLikes.id });
  const liked = removed.length === 0;
  if (liked) await tx.insert(communityLikes).values({ userId: memberId, ...target });
  const delta = liked ? 1 : -1;
  const table = isPost ? communityPosts : communityReplies;
  const [row] = await tx
    .update(table)
    .set({ likeCount: sql`${table.likeCount} + ${delta}` })
    .where(eq(table.id, id))
    .returning({ likeCount: table.likeCount });
  return { liked, likeCount: row!.likeCount };
}

// ---------------------------------------------------------------------------------------
// Activity feed

export type ActivityRow = {
  id: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  activity_type: string;
  description: string;
  points: number;
  target_id: number | null;
  target_type: string | null;
  reply_post_id: number | null;
  created_at: Date | string;
};

/**
 * The public feed, newest first, 50 a page. A reply's line names its post ('Replied to
 * "<title>"'), so it leaves the feed while that post is hidden or removed, whatever became of
 * the reply (the reply's own removal or hiding sets its line's is_public).
 */
export function activityPage(db: DbOrTx, page: number): Promise<ActivityRow[]> {
  return queryRows<ActivityRow>(
    db,
    sql`SELECT a.id, a.user_id, u.first_name, u.last_name, a.activity_type, a.description, a.points,
               a.target_id, a.target_type, x.post_id AS reply_post_id, a.created_at
          FROM user_activities a
          LEFT JOIN users u ON u.id = a.user_id
          LEFT JOIN community_replies x ON a.target_type = ${REPLY_TARGET} AND x.id = a.target_id
          LEFT JOIN community_posts xp ON xp.id = x.post_id
         WHERE a.is_public AND xp.hidden_at IS NULL AND xp.deleted_at IS NULL
         ORDER BY a.created_at DESC, a.id DESC
         LIMIT ${COMMUNITY_ACTIVITIES_PAGE_SIZE} OFFSET ${(page - 1) * COMMUNITY_ACTIVITIES_PAGE_SIZE}`,
  );
}

export const POST_TARGET = 'community_post';
export const REPLY_TARGET = 'community_reply';

/** Shows or leaves out of the feed the activity of a post or reply (removed, hidden, shown again). */
export async function setActivityPublic(
  tx: DbOrTx,
  target: { type: typeof POST_TARGET | typeof REPLY_TARGET; id: number },
  isPublic: boolean,
): Promise<void> {
  await tx
    .update(userActivities)
    .set({ isPublic })
    .where(and(eq(userActivities.targetType, target.type), eq(userActivities.targetId, target.id)));
}

export async function deleteActivity(
  tx: DbOrTx,
  target: { type: typeof POST_TARGET | typeof REPLY_TARGET; id: number },
): Promise<void> {
  await tx
    .delete(userActivities)
    .where(and(eq(userActivities.targetType, target.type), eq(userActivities.targetId, target.id)));
}

// ---------------------------------------------------------------------------------------
// Flags (rows of feedback_reports naming a post or a reply)

/** Adds the member's flag; false when they had already flagged it (one per member per item). */
export async function insertFlag(
  tx: DbOrTx,
  values: { reportedByUserId: number; postId?: number; replyId?: number; reason: string; details: string | null },
): Promise<boolean> {
  const rows = await tx
    .insert(feedbackReports)
    .values({
      reportedByUserId: values.reportedByUserId,
      postId: values.postId ?? null,
      replyId: values.replyId ?? null,
      reportReason: values.reason as (typeof feedbackReports.$inferInsert)['reportReason'],
      reportDetails: values.details,
    })
    .onConflictDoNothing()
    .returning({ id: feedbackReports.id });
  return rows.length > 0;
}

/**
 * How many different settled members have a pending flag on the item: members who have
 * completed a trade or joined before `joinedBefore` (decision 0027). Newer members' flags wait
 * for the club team and count for nothing here.
 */
export async function settledFlagCount(tx: DbOrTx, target: LikeTarget, joinedBefore: Date): Promise<number> {
  const column = 'postId' in target ? feedbackReports.postId : feedbackReports.replyId;
  const id = 'postId' in target ? target.postId : target.replyId;
  const [row] = await tx
    .select({ n: sql<number>`count(DISTINCT ${feedbackReports.reportedByUserId})::int` })
    .from(feedbackReports)
    .innerJoin(users, eq(users.id, feedbackReports.reportedByUserId))
    .where(
      and(
        eq(column, id),
        eq(feedbackReports.status, 'pending'),
        or(gt(users.completedTrades, 0), lte(users.joinedAt, joinedBefore)),
      ),
    );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------
// For the admin reports tab

export type ForumWriting = {
  id: number;
  text: string;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  hidden: boolean;
  postId: number;
  postTitle: string;
};

export async function forumWritings(db: DbOrTx, kind: 'post' | 'reply', ids: number[]): Promise<ForumWriting[]> {
  if (ids.length === 0) return [];
  if (kind === 'post') {
    return db
      .select({
        id: communityPosts.id,
        text: sql<string>`${communityPosts.title} || E'\\n\\n' || ${communityPosts.content}`,
        userId: communityPosts.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        hidden: sql<boolean>`${communityPosts.hiddenAt} IS NOT NULL`,
        postId: communityPosts.id,
        postTitle: communityPosts.title,
      })
      .from(communityPosts)
      .leftJoin(users, eq(users.id, communityPosts.userId))
      .where(inArray(communityPosts.id, ids));
  }
  // A reply's post gives its place (the link) and its title (the author's notice).
  return db
    .select({
      id: communityReplies.id,
      text: communityReplies.content,
      userId: communityReplies.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      hidden: sql<boolean>`${communityReplies.hiddenAt} IS NOT NULL`,
      postId: communityPosts.id,
      postTitle: communityPosts.title,
    })
    .from(communityReplies)
    .innerJoin(communityPosts, eq(communityPosts.id, communityReplies.postId))
    .leftJoin(users, eq(users.id, communityReplies.userId))
    .where(inArray(communityReplies.id, ids));
}

export async function forumWritingIdsOf(db: DbOrTx, kind: 'post' | 'reply', memberId: number): Promise<number[]> {
  const table = kind === 'post' ? communityPosts : communityReplies;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.userId, memberId));
  return rows.map((r) => r.id);
}

/** Marks the post or reply hidden (or not); answers the row as it was before, null if gone. */
export async function setHiddenAt(
  tx: DbOrTx,
  kind: 'post' | 'reply',
  id: number,
  hiddenAt: Date | null,
): Promise<{ wasHidden: boolean; postId: number; deleted: boolean } | null> {
  if (kind === 'post') {
    const before = await lockPost(tx, id);
    if (!before) return null;
    await tx.update(communityPosts).set({ hiddenAt }).where(eq(communityPosts.id, id));
    return { wasHidden: before.hiddenAt !== null, postId: id, deleted: before.deletedAt !== null };
  }
  const before = await lockReply(tx, id);
  if (!before) return null;
  await tx.update(communityReplies).set({ hiddenAt }).where(eq(communityReplies.id, id));
  return { wasHidden: before.hiddenAt !== null, postId: before.postId, deleted: before.deletedAt !== null };
}

/** The member's e-mail address and forum e-mail choice (null once they have left). */
export async function memberContact(
  db: DbOrTx,
  memberId: number | null,
): Promise<{
  id: number;
  email: string;
  forumEmails: boolean;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
} | null> {
  if (memberId === null) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      forumEmails: users.forumEmails,
      isAdmin: users.isAdmin,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, memberId));
  return row ?? null;
}
