import { sql } from 'drizzle-orm';
import type { DigestKind } from '../../domain/email-preferences';
import { queryRows, type DbOrTx } from '../db/client';
import { ownerInBrowse } from '../listings/browse-query';

// The digests' reads and their claim (docs/product/email.md#digests). Each section reads only
// the window (since, until] of one member, by indexes the features keep for their own lists.

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Members who chose this digest for something (a preference or a saved search's alert) and
 * whose digest of the period starting at `periodStart` (or later) is not yet written.
 */
export async function digestCandidates(
  db: DbOrTx,
  kind: DigestKind,
  periodStart: Date,
  limit: number,
): Promise<number[]> {
  // Written as literals (the two known kinds; messages have no weekly choice) so the planner
  // can prove the partial index users_email_digest_idx covers them and read only those members.
  const chose =
    kind === 'daily'
      ? sql.raw(`(email_messages = 'daily' OR email_forum = 'daily')`)
      : sql.raw(`email_forum = 'weekly'`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT c.id FROM (
          SELECT id FROM users
          WHERE closed_at IS NULL AND ${chose}
          UNION
          SELECT s.member_id FROM saved_searches s JOIN users u ON u.id = s.member_id AND u.closed_at IS NULL
          WHERE s.alert = ${kind}
        ) c
        WHERE NOT EXISTS (SELECT 1 FROM digests_sent d
                          WHERE d.member_id = c.id AND d.kind = ${kind} AND d.period_start >= ${ts(periodStart)})
        ORDER BY c.id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

export type DigestMember = {
  id: number;
  email: string;
  messages: string;
  forum: string;
  /** Where the last digest of this kind ended; null for a first one. */
  lastPeriodStart: Date | null;
  /** Whether this period (or a later one) is written already. */
  done: boolean;
};

/**
 * Locks the member's row for the transaction (so two senders of one member's digest take
 * turns) and reads what the digest needs of them. Null for a closed membership.
 */
export async function lockDigestMember(
  tx: DbOrTx,
  memberId: number,
  kind: DigestKind,
  periodStart: Date,
): Promise<DigestMember | null> {
  const [row] = await queryRows<Omit<DigestMember, 'lastPeriodStart'> & { lastPeriodStart: string | Date | null }>(
    tx,
    sql`SELECT u.id, u.email, u.email_messages AS messages, u.email_forum AS forum,
          (SELECT max(period_start) FROM digests_sent d WHERE d.member_id = u.id AND d.kind = ${kind}) AS "lastPeriodStart",
          EXISTS (SELECT 1 FROM digests_sent d WHERE d.member_id = u.id AND d.kind = ${kind}
                  AND d.period_start >= ${ts(periodStart)}) AS done
        FROM users u WHERE u.id = ${memberId} AND u.closed_at IS NULL
        FOR NO KEY UPDATE OF u`,
  );
  if (!row) return null;
  return { ...row, lastPeriodStart: row.lastPeriodStart === null ? null : new Date(row.lastPeriodStart) };
}

export async function recordDigest(
  tx: DbOrTx,
  memberId: number,
  kind: DigestKind,
  periodStart: Date,
  emailed: boolean,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO digests_sent (member_id, kind, period_start, emailed)
        VALUES (${memberId}, ${kind}, ${ts(periodStart)}, ${emailed})`,
  );
}

export type UnreadThread = {
  threadId: number;
  subject: string;
  unread: number;
  firstName: string | null;
  lastName: string | null;
};

/** Conversations with messages from others that arrived in the window and are still unread. */
export async function unreadThreads(tx: DbOrTx, memberId: number, since: Date, until: Date): Promise<UnreadThread[]> {
  return queryRows<UnreadThread>(
    tx,
    sql`SELECT p.thread_id AS "threadId", t.subject, count(*)::int AS unread,
          (array_agg(s.first_name ORDER BY m.created_at DESC, m.id DESC))[1] AS "firstName",
          (array_agg(s.last_name ORDER BY m.created_at DESC, m.id DESC))[1] AS "lastName"
        FROM message_thread_participants p
        JOIN messages m ON m.thread_id = p.thread_id
        JOIN message_threads t ON t.id = p.thread_id
        LEFT JOIN users s ON s.id = m.sender_id
        WHERE p.user_id = ${memberId} AND m.sender_id IS NOT NULL AND m.sender_id <> ${memberId}
          AND NOT m.is_system_message
          AND (p.last_read_at IS NULL OR m.created_at > p.last_read_at)
          AND m.created_at > ${ts(since)} AND m.created_at <= ${ts(until)}
        GROUP BY p.thread_id, t.subject
        ORDER BY max(m.created_at) DESC
        LIMIT 20`,
  );
}

export type ForumReply = { title: string; message: string; link: string | null };

/** The member's forum-reply notifications of the window, newest first. */
export async function forumReplies(tx: DbOrTx, memberId: number, since: Date, until: Date): Promise<ForumReply[]> {
  return queryRows<ForumReply>(
    tx,
    sql`SELECT title, message, link FROM trading_notifications
        WHERE user_id = ${memberId} AND type = 'forum_reply'
          AND created_at > ${ts(since)} AND created_at <= ${ts(until)}
        ORDER BY created_at DESC, id DESC
        LIMIT 20`,
  );
}

export type SearchMatch = {
  searchId: number;
  searchName: string;
  listingId: number;
  title: string;
  puzzlePoints: number;
  picture: string | null;
};

/**
 * New matches of the member's saved searches with this alert, still in browse (active, the
 * owner neither suspended nor away: docs/product/trust.md#away), grouped by search (newest
 * first in each).
 */
export async function savedSearchMatchesFor(
  tx: DbOrTx,
  memberId: number,
  kind: DigestKind,
  since: Date,
  until: Date,
): Promise<SearchMatch[]> {
  return queryRows<SearchMatch>(
    tx,
    sql`SELECT s.id AS "searchId", s.name AS "searchName", p.id AS "listingId", p.title,
          p.puzzle_points AS "puzzlePoints", coalesce(p.puzzle_image_url, p.box_image_url) AS picture
        FROM saved_search_matches mt
        JOIN saved_searches s ON s.id = mt.saved_search_id
        JOIN puzzle_listings p ON p.id = mt.listing_id AND p.status = 'active' AND ${ownerInBrowse}
        WHERE mt.member_id = ${memberId} AND s.alert = ${kind}
          AND mt.matched_at > ${ts(since)} AND mt.matched_at <= ${ts(until)}
        ORDER BY s.created_at DESC, s.id DESC, mt.matched_at DESC
        LIMIT 60`,
  );
}
