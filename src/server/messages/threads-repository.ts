import { and, eq, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type DbOrTx } from '../db/client';
import { queryFixedPlan, queryShaped } from '../db/prepared-statements';
import { messageThreadParticipants, messageThreads, messages } from '../db/schema';
import type { ThreadRow } from './message-views';
import { unreadBy } from './messages-repository';

// Threads and messages as rows. Other features reach them through threads-service.ts (a
// trade's thread and its system messages). Callers pass their transaction.

export async function createThread(
  tx: DbOrTx,
  input: {
    subject: string;
    puzzleListingId: number | null;
    tradeRequestId?: number | null;
    /** A direct conversation between two members (directPairKey). */
    directPairKey?: string | null;
    participantIds: number[];
    /** Only the demo seed back-dates a thread. */
    createdAt?: Date;
  },
) {
  const [thread] = await tx
    .insert(messageThreads)
    .values({
      subject: input.subject,
      puzzleListingId: input.puzzleListingId,
      tradeRequestId: input.tradeRequestId ?? null,
      directPairKey: input.directPairKey ?? null,
      ...(input.createdAt
        ? { createdAt: input.createdAt, updatedAt: input.createdAt, lastMessageAt: input.createdAt }
        : {}),
    })
    .returning();
  await tx
    .insert(messageThreadParticipants)
    .values([...new Set(input.participantIds)].map((userId) => ({ threadId: thread!.id, userId })));
  return thread!;
}

/**
 * Adds a message (senderId null and isSystemMessage true for system messages), moves the
 * thread's lastMessageAt, and counts it as read by its sender.
 * After the transaction commits, call notifyThreadActivity (threads-service.ts) so open pages update.
 */
export async function addMessage(
  tx: DbOrTx,
  input: {
    threadId: number;
    senderId: number | null;
    content: string;
    isSystemMessage?: boolean;
    /** For a system message: the member whose step wrote it (never unread for them). */
    systemActorId?: number | null;
    /** For a system message: its words for that member, in the second person. */
    actorContent?: string | null;
    /** Only the demo seed back-dates a message. */
    createdAt?: Date;
  },
) {
  const [message] = await tx
    .insert(messages)
    .values({
      threadId: input.threadId,
      senderId: input.senderId,
      content: input.content,
      isSystemMessage: input.isSystemMessage ?? false,
      systemActorId: input.systemActorId ?? null,
      actorContent: input.actorContent ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  // The stored time, read back in SQL: a JavaScript Date keeps only milliseconds, and
  // "read" means last_read_at >= created_at to the microsecond.
  const createdAt = sql`(SELECT ${messages.createdAt} FROM ${messages} WHERE ${messages.id} = ${message!.id})`;
  // greatest(): a back-dated (seed) message must not move the thread backwards.
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: sql`greatest(${messageThreads.lastMessageAt}, ${createdAt})` })
    .where(eq(messageThreads.id, input.threadId));
  if (input.senderId !== null) {
    await tx
      .update(messageThreadParticipants)
      .set({ lastReadAt: sql`greatest(coalesce(${messageThreadParticipants.lastReadAt}, ${createdAt}), ${createdAt})` })
      .where(
        and(
          eq(messageThreadParticipants.threadId, input.threadId),
          eq(messageThreadParticipants.userId, input.senderId),
        ),
      );
  }
  return message!;
}

export async function threadParticipantIds(db: DbOrTx, threadId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: messageThreadParticipants.userId })
    .from(messageThreadParticipants)
    .where(eq(messageThreadParticipants.threadId, threadId));
  return rows.map((r) => r.userId);
}

export async function isParticipant(db: DbOrTx, threadId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: messageThreadParticipants.userId })
    .from(messageThreadParticipants)
    .where(and(eq(messageThreadParticipants.threadId, threadId), eq(messageThreadParticipants.userId, userId)));
  return row !== undefined;
}

/**
 * The member's threads as list rows, newest activity first, in ONE query: listing fields,
 * last message, unread count, "sent by me" and the participants' names come from joins and
 * per-thread subqueries that the (thread_id, created_at) index answers. `onlyThreadId`
 * narrows it to one thread (the answer to starting a conversation).
 */
export async function threadRowsForMember(
  db: DbOrTx,
  userId: number,
  onlyThreadId?: number,
  /** On PostgreSQL, prepared there: planned once a connection (docs/performance.md, 'Club evening'). */
  pool?: pg.Pool,
): Promise<ThreadRow[]> {
  return queryFixedPlan<ThreadRow>(
    db,
    pool,
    sql`SELECT t.id, t.subject, t.puzzle_listing_id AS "puzzleListingId", t.trade_request_id AS "tradeRequestId",
        t.direct_pair_key IS NOT NULL AS "isDirect",
        t.last_message_at AS "lastMessageAt", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
        l.title AS "puzzleTitle", l.pieces AS "puzzlePieces", l.condition AS "puzzleCondition",
        l.puzzle_image_url AS "puzzleImageUrl",
        ${contentFor(sql`lm`, sql`me.user_id`)} AS "lastContent", lm.sender_id AS "lastSenderId", lm.is_system_message AS "lastIsSystem",
        lm.created_at AS "lastCreatedAt",
        (SELECT count(*)::int FROM messages m
          WHERE m.thread_id = t.id AND ${unreadBy(sql`m`, sql`me.user_id`, sql`me.last_read_at`)}) AS "unreadCount",
        EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.id AND m.sender_id = me.user_id) AS "sentByMe",
        (SELECT coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) ORDER BY u.id), '[]'::json)
          FROM message_thread_participants p JOIN users u ON u.id = p.user_id
          WHERE p.thread_id = t.id) AS participants
      FROM message_thread_participants me
      JOIN message_threads t ON t.id = me.thread_id
      LEFT JOIN puzzle_listings l ON l.id = t.puzzle_listing_id
      LEFT JOIN LATERAL (
        SELECT content, actor_content, system_actor_id, sender_id, is_system_message, created_at FROM messages m
        WHERE m.thread_id = t.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
      ) lm ON true
      WHERE me.user_id = ${userId} ${onlyThreadId === undefined ? sql`` : sql`AND t.id = ${onlyThreadId}`}
      ORDER BY t.last_message_at DESC, t.id DESC`,
  );
}

export type MessageRow = {
  id: number;
  threadId: number;
  senderId: number | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  content: string;
  isSystemMessage: boolean;
  createdAt: Date | string;
  readBy: number[] | string | null;
};

/**
 * A message's words as `viewer` reads them: a system message about the viewer's own trade
 * step in the second person ('You accepted…'), every other message as stored.
 */
function contentFor(m: SQL, viewer: SQL): SQL {
  return sql`CASE WHEN ${m}.actor_content IS NOT NULL AND ${m}.system_actor_id = ${viewer} THEN ${m}.actor_content ELSE ${m}.content END`;
}

/** The columns of a MessageRow for the message `m` (its sender `u` joined), as `viewer` reads it. */
function messageColumns(viewer: SQL): SQL {
  return sql`m.id, m.thread_id AS "threadId", m.sender_id AS "senderId",
        u.first_name AS "senderFirstName", u.last_name AS "senderLastName",
        ${contentFor(sql`m`, viewer)} AS content, m.is_system_message AS "isSystemMessage", m.created_at AS "createdAt",
        (SELECT coalesce(json_agg(p.user_id ORDER BY p.user_id), '[]'::json) FROM message_thread_participants p
          WHERE p.thread_id = m.thread_id AND p.last_read_at >= m.created_at) AS "readBy"`;
}

/** A thread's messages as `viewerId` reads them, oldest first, each with who has read it (from lastReadAt). */
export async function messageRowsForThread(
  db: DbOrTx,
  threadId: number,
  viewerId: number,
  onlyMessageId?: number,
): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`SELECT ${messageColumns(sql`${viewerId}`)}
      FROM messages m
      LEFT JOIN users u ON u.id = m.sender_id
      WHERE m.thread_id = ${threadId} ${onlyMessageId === undefined ? sql`` : sql`AND m.id = ${onlyMessageId}`}
      ORDER BY m.created_at, m.id`,
  );
}

/**
 * messageRowsForThread for one of the thread's members, with the membership checked in the
 * same query (the conversation page: one round trip, not two); null when `viewerId` is not a
 * participant. A participant's row always comes back, with no message when there is none.
 */
export async function participantMessageRows(
  db: DbOrTx,
  threadId: number,
  viewerId: number,
  /** On PostgreSQL, prepared there: planned once a connection. */
  pool?: pg.Pool,
): Promise<MessageRow[] | null> {
  const rows = await queryFixedPlan<MessageRow | { id: null }>(
    db,
    pool,
    sql`SELECT x.* FROM message_thread_participants me
      LEFT JOIN LATERAL (
        SELECT ${messageColumns(sql`${viewerId}`)}
        FROM messages m LEFT JOIN users u ON u.id = m.sender_id
        WHERE m.thread_id = me.thread_id
      ) x ON true
      WHERE me.thread_id = ${threadId} AND me.user_id = ${viewerId}
      ORDER BY x."createdAt", x.id`,
  );
  if (rows.length === 0) return null;
  return rows.filter((row): row is MessageRow => row.id !== null);
}

/**
 * The conversation to continue when a member contacts an owner about a puzzle again: the
 * most recently active thread about that listing whose participants are exactly these two.
 */
export async function findConversation(
  db: DbOrTx,
  input: { puzzleListingId: number; memberId: number; otherId: number },
): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT t.id FROM message_threads t
      WHERE t.puzzle_listing_id = ${input.puzzleListingId}
        AND EXISTS (SELECT 1 FROM message_thread_participants p WHERE p.thread_id = t.id AND p.user_id = ${input.memberId})
        AND EXISTS (SELECT 1 FROM message_thread_participants p WHERE p.thread_id = t.id AND p.user_id = ${input.otherId})
        AND (SELECT count(*) FROM message_thread_participants p WHERE p.thread_id = t.id) = 2
      ORDER BY t.last_message_at DESC, t.id DESC
      LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

/** The key of two members' direct conversation (message_threads.direct_pair_key): 'lowId:highId'. */
export const directPairKey = (a: number, b: number): string => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** Two members' direct conversation, or null. The unique index answers it. */
export async function findDirectConversation(db: DbOrTx, a: number, b: number): Promise<number | null> {
  const [row] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(eq(messageThreads.directPairKey, directPairKey(a, b)));
  return row?.id ?? null;
}

/**
 * Serialises "find or create the conversation" for one listing (or 'direct') and pair of
 * members, so two quick clicks (or two processes) cannot open two threads. Held until the
 * transaction ends.
 */
export async function lockConversation(
  tx: DbOrTx,
  puzzleListingId: number | 'direct',
  a: number,
  b: number,
): Promise<void> {
  const key = `conversation:${puzzleListingId}:${directPairKey(a, b)}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Marks everything in the thread up to now as read by the member, in one statement (issue 29:
 * mark-read was four round trips, then two). Null when the member does not take part in the
 * thread (nothing is written); otherwise `changed`, whether a message someone else wrote became
 * read by it (when the member's unread total changed and the open pages need telling), and
 * `unread`, the member's unread total once it is marked, for the badge. `before` and the
 * messages are read from the statement's snapshot, which does not see the update: so the
 * total counts this thread from its new read time and every other thread from its own (the
 * rule is unreadBy, messages-repository.ts). Written once and prepared on PostgreSQL (queryShaped).
 */
export async function markRead(
  db: DbOrTx,
  threadId: number,
  userId: number,
): Promise<{ changed: boolean; unread: number } | null> {
  const [row] = await queryShaped<{ changed: boolean; unread: number }>(
    db,
    'mark-thread-read',
    () => {
      const thread = sql`${sql.placeholder('thread')}::int`;
      const member = sql`${sql.placeholder('member')}::int`;
      return sql`WITH before AS (
            SELECT last_read_at FROM message_thread_participants WHERE thread_id = ${thread} AND user_id = ${member}),
          marked AS (
            UPDATE message_thread_participants SET last_read_at = greatest(coalesce(last_read_at, now()), now())
             WHERE thread_id = ${thread} AND user_id = ${member}
            RETURNING last_read_at)
        SELECT EXISTS (
            SELECT 1 FROM messages m, before b
             WHERE m.thread_id = ${thread} AND ${unreadBy(sql`m`, member, sql`b.last_read_at`)}
               AND m.created_at <= marked.last_read_at) AS changed,
          (SELECT count(*)::int FROM messages m
             JOIN message_thread_participants p ON p.thread_id = m.thread_id AND p.user_id = ${member}
            WHERE ${unreadBy(sql`m`, member, sql`CASE WHEN m.thread_id = ${thread} THEN marked.last_read_at ELSE p.last_read_at END`)}) AS unread
          FROM marked`;
    },
    { thread: threadId, member: userId },
  );
  return row ? { changed: Boolean(row.changed), unread: Number(row.unread) } : null;
}

/**
 * Only the demo seed writes history: this transaction's messages in the thread (created_at =
 * now(), the transaction's start) move to `at`, and the thread's times with them, so a seeded
 * trade reads in order.
 */
export async function backdateThread(tx: DbOrTx, threadId: number, at: Date): Promise<void> {
  await tx
    .update(messages)
    .set({ createdAt: at })
    .where(and(eq(messages.threadId, threadId), sql`${messages.createdAt} = now()`));
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: at, updatedAt: at, createdAt: sql`least(${messageThreads.createdAt}, ${at})` })
    .where(eq(messageThreads.id, threadId));
}
