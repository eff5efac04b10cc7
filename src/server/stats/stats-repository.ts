// Reads for the member home (docs/product/screens.md#member-home): Trading Activity, Recent
// Activity and Community Highlights. Each is one query; nothing here loops over rows.

import { sql } from 'drizzle-orm';
import { FEEDBACK_VISIBLE_AFTER_MS } from '../../domain/constants';
import type { ActivityItem, MemberContent, MemberStats } from '../../domain/stats';
import { achievementsPath } from '../achievements/achievements-service';
import type pg from 'pg';
import { queryRows, type DbOrTx } from '../db/client';
import { queryFixedPlan } from '../db/prepared-statements';
import { joinedMemberSql } from '../members/membership-sql';

/**
 * puzzlesListed: the member's listings that ever reached the club, i.e. every status but
 * draft (active, sold, archived). successfulTrades: the completedTrades counter kept by the
 * trade flow. rating: the average of the feedback they received that is visible, to one
 * decimal; null when there is none (the dashboard shows 'New Member').
 *
 * "Visible" is the rule of docs/product/trades.md#feedback, the same as the domain's isFeedbackVisible: not hidden by
 * an admin (is_visible), and either both parties have left feedback on the trade or the
 * trade completed 14 days ago or more.
 */
export async function memberStats(
  db: DbOrTx,
  memberId: number,
  now = new Date(),
  /** On PostgreSQL the statement is prepared there (see recentActivity). */
  pool?: pg.Pool,
): Promise<MemberStats> {
  const visibleFrom = new Date(now.getTime() - FEEDBACK_VISIBLE_AFTER_MS).toISOString();
  const [row] = await queryFixedPlan<{
    puzzlesListed: number;
    successfulTrades: number;
    rating: number | string | null;
  }>(
    db,
    pool,
    sql`
      SELECT
        u.completed_trades AS "successfulTrades",
        (SELECT count(*)::int FROM puzzle_listings l
          WHERE l.user_id = u.id AND l.status <> 'draft') AS "puzzlesListed",
        (SELECT round(avg(f.rating), 1)::float8
           FROM trading_feedback f
           JOIN trade_requests t ON t.id = f.trade_request_id
          WHERE f.to_user_id = u.id
            AND f.is_visible
            AND (EXISTS (SELECT 1 FROM trading_feedback back
                          WHERE back.trade_request_id = f.trade_request_id
                            AND back.from_user_id = f.to_user_id)
                 OR t.completed_at <= ${visibleFrom}::timestamptz)) AS rating
      FROM users u
      WHERE u.id = ${memberId}`,
  );
  if (!row) return { puzzlesListed: 0, successfulTrades: 0, rating: null };
  return {
    puzzlesListed: Number(row.puzzlesListed),
    successfulTrades: Number(row.successfulTrades),
    rating: row.rating === null ? null : Number(row.rating),
  };
}

export const RECENT_ACTIVITY_LIMIT = 10;

/** Where the dashboard can send a member to see more of an event, when there is such a page. */
function linkFor(
  memberId: number,
  type: string,
  targetType: string | null,
  targetId: number | null,
): string | undefined {
  // An achievement is shown on the member's own page.
  if (type === 'achievement_unlocked') return achievementsPath(memberId);
  if ((targetType === 'puzzle_listing' || targetType === 'listing') && targetId !== null) return `/puzzle/${targetId}`;
  if (type === 'post_created' || type === 'reply_posted') return '/community';
  // A finished trade opens on My Trades, on that trade when the row names it.
  if (targetType === 'trade_request' && targetId !== null) return `/trades?trade=${targetId}`;
  if (type === 'trade_completed') return '/trades';
  return undefined;
}

/**
 * The member's own latest events, newest first: their activity-feed rows (posts, replies,
 * completed trades, written by those features) and their listings going live (publishedAt).
 * The rows the public feed leaves out leave here too (community activityPage, issue 23): a
 * hidden or removed post or reply (its row's is_public), and a reply on a post hidden or
 * removed since, whose line names that post's title.
 */
export async function recentActivity(db: DbOrTx, memberId: number, pool?: pg.Pool): Promise<ActivityItem[]> {
  // The member home asks this and memberStats on every visit, and neither plan depends on the
  // member: on PostgreSQL both are prepared, planned once a connection (docs/performance.md,
  // "Club evening").
  const rows = await queryFixedPlan<{
    type: string;
    description: string;
    at: Date | string;
    targetType: string | null;
    targetId: number | null;
  }>(
    db,
    pool,
    sql`
      (SELECT a.activity_type AS type, a.description, a.created_at AS at,
              a.target_type AS "targetType", a.target_id AS "targetId", 0 AS source, a.id
         FROM user_activities a
         LEFT JOIN community_replies x ON a.target_type = 'community_reply' AND x.id = a.target_id
         LEFT JOIN community_posts xp ON xp.id = x.post_id
        WHERE a.user_id = ${memberId} AND a.is_public AND xp.hidden_at IS NULL AND xp.deleted_at IS NULL
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT ${RECENT_ACTIVITY_LIMIT})
      UNION ALL
      (SELECT 'listing_published', 'Listed "' || l.title || '"', l.published_at,
              'puzzle_listing', l.id, 1, l.id
         FROM puzzle_listings l
        WHERE l.user_id = ${memberId} AND l.published_at IS NOT NULL
        ORDER BY l.published_at DESC, l.id DESC
        LIMIT ${RECENT_ACTIVITY_LIMIT})
      ORDER BY at DESC, source, id DESC
      LIMIT ${RECENT_ACTIVITY_LIMIT}`,
  );
  return rows.map((r) => {
    const link = linkFor(memberId, r.type, r.targetType, r.targetId === null ? null : Number(r.targetId));
    return {
      type: r.type,
      description: r.description,
      at: new Date(r.at).toISOString(),
      ...(link ? { link } : {}),
    };
  });
}

export const LATEST_POSTS_LIMIT = 3;

/**
 * How long a process reuses the club's two numbers (puzzles on offer, members) for the member
 * home. Counting 100,000 puzzles on offer cost PostgreSQL 15 ms a home page, the dearest read
 * of the evening bench (docs/performance.md, 'Club evening'); the numbers are the same for
 * every member and a half-minute lag is not news to anyone. The latest posts are read fresh.
 */
export const CLUB_NUMBERS_TTL_MS = 30_000;
type ClubNumbers = { activeListings: number; members: number };
const clubNumbers = new WeakMap<object, { at: number; value: ClubNumbers }>();

/**
 * GET /api/member-content: the page names the call; its shape is ours. It carries the few
 * live numbers the Community Highlights card can show next to its links. The latest posts are
 * the ones the forum shows every member: not hidden for an administrator's look, not removed.
 */
export async function memberContent(db: DbOrTx): Promise<MemberContent> {
  const remembered = clubNumbers.get(db);
  const fresh = remembered !== undefined && Date.now() - remembered.at < CLUB_NUMBERS_TTL_MS;
  const numbers = fresh
    ? sql`SELECT ${remembered.value.activeListings}::int AS "activeListings", ${remembered.value.members}::int AS members`
    : sql`SELECT
                (SELECT count(*)::int FROM puzzle_listings
                  WHERE status = 'active' AND is_available) AS "activeListings",
                -- Members who finished joining and have not left (the directory's rule).
                (SELECT count(*)::int FROM users u WHERE ${joinedMemberSql(sql`u`)}) AS members`;
  const rows = await queryRows<{
    activeListings: number;
    members: number;
    id: number | null;
    title: string | null;
    category: string | null;
    createdAt: Date | string | null;
  }>(
    db,
    sql`
      SELECT c.*, p.id, p.title, p.category, p.created_at AS "createdAt"
        FROM (${numbers}) c
        LEFT JOIN LATERAL (SELECT id, title, category, created_at FROM community_posts
                            WHERE hidden_at IS NULL AND deleted_at IS NULL
                            ORDER BY created_at DESC, id DESC
                            LIMIT ${LATEST_POSTS_LIMIT}) p ON true
       ORDER BY p.created_at DESC, p.id DESC`,
  );
  if (!fresh && rows[0]) {
    clubNumbers.set(db, {
      at: Date.now(),
      value: { activeListings: Number(rows[0].activeListings), members: Number(rows[0].members) },
    });
  }
  const first = rows[0];
  return {
    communityHighlights: {
      activeListings: Number(first?.activeListings ?? 0),
      members: Number(first?.members ?? 0),
      latestPosts: rows
        .filter((r) => r.id !== null)
        .map((r) => ({
          id: Number(r.id),
          title: r.title ?? '',
          category: r.category ?? 'general',
          createdAt: new Date(r.createdAt!).toISOString(),
        })),
    },
  };
}
