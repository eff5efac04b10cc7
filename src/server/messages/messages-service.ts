import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app-context';
import type { Db, DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import type { PuzzleListing } from '../db/schema';
import { findListing } from '../listings/listing-stock-service';
import { shownToOthers } from '../listings/listings-service';
import { hasAskedFor } from '../trades/trades-service';
import { countUnreadMessages } from './messages-repository';
import { memberDisplayName } from '../../domain/members';
import { requireMessageableMember } from '../members/members-service';
import {
  MESSAGE_YOURSELF_MESSAGE,
  type CreateThreadBody,
  type DirectMessageBody,
  type Message,
  type MessageThread,
} from '../../domain/messages';
import { iso, toThreadView } from './message-views';
import {
  addMessage,
  createThread,
  directPairKey,
  findConversation,
  findDirectConversation,
  isParticipant,
  lockConversation,
  markRead,
  messageRowsForThread,
  participantMessageRows,
  threadRowsForMember,
  type MessageRow,
} from './threads-repository';
import { notifyThreadActivity } from './threads-service';

// The rules of messaging (docs/product/messages.md#conversations; issue 7), whatever the client sends: only participants
// read, post or mark read, and to anyone else a thread does not exist (404, the same answer
// as a thread that was never there); a member cannot message their own listing; contacting
// an owner about a puzzle again continues the conversation the two already have.

export const THREAD_NOT_FOUND = 'Conversation not found';
export const RECIPIENT_NOT_OWNER = "You can only send this message to the puzzle's owner.";

type Ctx = Pick<AppContext, 'database' | 'events'>;

const notFound = () => new AppError('NOT_FOUND', THREAD_NOT_FOUND);

/** The member's unread messages, for the badge (and the live stream's first event). */
export function unreadMessageCount(db: DbOrTx, memberId: number): Promise<number> {
  return countUnreadMessages(db, memberId);
}

export async function requireParticipant(db: DbOrTx, threadId: number, memberId: number): Promise<void> {
  if (!(await isParticipant(db, threadId, memberId))) throw notFound();
}

/** The member's conversations; `pool` (PostgreSQL): the statement is prepared there. */
export async function listThreads(db: Db, memberId: number, pool?: pg.Pool): Promise<MessageThread[]> {
  const now = new Date();
  return (await threadRowsForMember(db, memberId, undefined, pool)).map((row) => toThreadView(row, memberId, now));
}

async function threadView(db: DbOrTx, memberId: number, threadId: number): Promise<MessageThread> {
  const [row] = await threadRowsForMember(db, memberId, threadId);
  if (!row) throw notFound();
  return toThreadView(row, memberId);
}

function toMessageView(row: MessageRow): Message {
  const readBy = typeof row.readBy === 'string' ? (JSON.parse(row.readBy) as number[]) : (row.readBy ?? []);
  return {
    id: row.id,
    threadId: row.threadId,
    senderId: row.senderId,
    senderName: row.isSystemMessage ? null : memberDisplayName(row.senderFirstName, row.senderLastName),
    content: row.content,
    isSystemMessage: row.isSystemMessage,
    readBy: readBy.map(Number),
    createdAt: iso(row.createdAt),
  };
}

/** A conversation's messages; `pool` (PostgreSQL): the statement is prepared there. */
export async function listMessages(db: Db, memberId: number, threadId: number, pool?: pg.Pool): Promise<Message[]> {
  const rows = await participantMessageRows(db, threadId, memberId, pool);
  if (rows === null) throw notFound();
  return rows.map(toMessageView);
}

/** A listing a member may write about: shown to them, or one they already trade or talk about. */
async function mayContactAbout(tx: DbOrTx, listing: PuzzleListing, memberId: number, hasConversation: boolean) {
  return hasConversation || (await shownToOthers(tx, listing)) || hasAskedFor(tx, listing.id, memberId);
}

/**
 * Contact Owner: a new thread (created: true), or the message added to the conversation the
 * two members already have about this puzzle (created: false).
 */
export async function startConversation(
  ctx: Ctx,
  memberId: number,
  body: CreateThreadBody,
  log?: FastifyBaseLogger,
): Promise<{ thread: MessageThread; created: boolean }> {
  const db = ctx.database.db;
  const result = await runInTransaction(db, async (tx) => {
    const listing = await findListing(tx, body.puzzleListingId);
    if (!listing) throw new AppError('LISTING_NOT_FOUND');
    if (listing.userId === memberId) throw new AppError('MESSAGE_SELF');

    await lockConversation(tx, listing.id, memberId, listing.userId);
    const existing = await findConversation(tx, { puzzleListingId: listing.id, memberId, otherId: listing.userId });
    // A draft or archived listing, or a suspended member's, does not exist for other members
    // (docs/product/messages.md#conversations), unless they already have a conversation or a trade about it.
    if (!(await mayContactAbout(tx, listing, memberId, existing !== null))) throw new AppError('LISTING_NOT_FOUND');
    // Checked after visibility, so the answer never tells who owns a hidden listing.
    if (body.recipientId !== listing.userId) {
      throw new AppError('BAD_REQUEST', RECIPIENT_NOT_OWNER, [{ path: 'recipientId', message: RECIPIENT_NOT_OWNER }]);
    }

    const threadId =
      existing ??
      (
        await createThread(tx, {
          subject: body.subject,
          puzzleListingId: listing.id,
          participantIds: [memberId, listing.userId],
        })
      ).id;
    await addMessage(tx, { threadId, senderId: memberId, content: body.initialMessage });
    return { threadId, created: existing === null };
  });
  await notifyThreadActivity(ctx, result.threadId, log);
  return { thread: await threadView(db, memberId, result.threadId), created: result.created };
}

/**
 * A message to a member from their page (decision 0028): the two members' one direct
 * conversation, started (created: true) or continued (created: false). Not to oneself, and
 * only to a member whose page the sender can see and whose membership is active.
 */
export async function messageMember(
  ctx: Ctx,
  sender: { id: number; isAdmin: boolean },
  body: DirectMessageBody,
  log?: FastifyBaseLogger,
): Promise<{ thread: MessageThread; created: boolean }> {
  const db = ctx.database.db;
  if (body.recipientId === sender.id) throw new AppError('MESSAGE_SELF', MESSAGE_YOURSELF_MESSAGE);
  const result = await runInTransaction(db, async (tx) => {
    const recipient = await requireMessageableMember(tx, body.recipientId, sender);
    await lockConversation(tx, 'direct', sender.id, recipient.id);
    const existing = await findDirectConversation(tx, sender.id, recipient.id);
    const threadId =
      existing ??
      (
        await createThread(tx, {
          subject: 'Conversation between members',
          puzzleListingId: null,
          directPairKey: directPairKey(sender.id, recipient.id),
          participantIds: [sender.id, recipient.id],
        })
      ).id;
    await addMessage(tx, { threadId, senderId: sender.id, content: body.initialMessage });
    return { threadId, created: existing === null };
  });
  await notifyThreadActivity(ctx, result.threadId, log);
  return { thread: await threadView(db, sender.id, result.threadId), created: result.created };
}

export async function postMessage(
  ctx: Ctx,
  memberId: number,
  threadId: number,
  content: string,
  log?: FastifyBaseLogger,
): Promise<Message> {
  const db = ctx.database.db;
  const message = await runInTransaction(db, async (tx) => {
    await requireParticipant(tx, threadId, memberId);
    return addMessage(tx, { threadId, senderId: memberId, content });
  });
  await notifyThreadActivity(ctx, threadId, log);
  const [row] = await messageRowsForThread(db, threadId, memberId, message.id);
  return toMessageView(row!);
}

/**
 * Opening a thread marks it read; answers the member's new unread total for the badge. One
 * statement: the mark, whether it read anything new, a non-participant found, and the total.
 */
export async function markThreadRead(
  ctx: Ctx,
  memberId: number,
  threadId: number,
  log?: FastifyBaseLogger,
): Promise<{ count: number }> {
  const db = ctx.database.db;
  const marked = await markRead(db, threadId, memberId);
  if (!marked) throw notFound();
  // Opening an already-read thread changes nothing, so it tells no one (every page view
  // would otherwise make the other member's page refetch the thread).
  if (marked.changed) await notifyThreadActivity(ctx, threadId, log);
  return { count: marked.unread };
}
