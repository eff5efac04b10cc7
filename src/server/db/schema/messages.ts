// Conversations between members: threads, who takes part, and the messages.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamptz, updatedAt } from './columns';
import { puzzleListings } from './listings';
import { tradeRequests } from './trades';
import { users } from './users';

export const messageThreads = pgTable(
  'message_threads',
  {
    id: idColumn(),
    subject: text('subject').notNull(),
    // A thread outlives its listing (the conversation is still worth reading).
    puzzleListingId: integer('puzzle_listing_id').references(() => puzzleListings.id, {
      onDelete: 'set null',
    }),
    // Set for the thread a trade request opened (docs/product/trades.md#requesting-a-puzzle); trades are never deleted,
    // but set null keeps the two-way link from blocking anything if one ever is.
    tradeRequestId: integer('trade_request_id').references((): AnyPgColumn => tradeRequests.id, {
      onDelete: 'set null',
    }),
    // Set only on a direct conversation between two members, started from a member's page
    // (decision 0028): 'lowId:highId'. Unique, so a pair of members has one such thread.
    directPairKey: text('direct_pair_key'),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('message_threads_subject_length', sql`char_length(${t.subject}) BETWEEN 1 AND 200`),
    index('message_threads_puzzle_listing_id_idx').on(t.puzzleListingId),
    index('message_threads_trade_request_id_idx').on(t.tradeRequestId),
    uniqueIndex('message_threads_direct_pair_key_unique').on(t.directPairKey),
  ],
);

/**
 * A thread's participantIds and each message's readBy list, as rows. A message counts as
 * read by a participant when `messages.created_at <= last_read_at` (null: nothing read yet);
 * mark-read sets last_read_at to now. The unread count is then one indexed query instead of
 * an array per message.
 */
export const messageThreadParticipants = pgTable(
  'message_thread_participants',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamptz('last_read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'message_thread_participants_pk', columns: [t.threadId, t.userId] }),
    index('message_thread_participants_user_id_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    // Null for system messages (trade steps), and for a member who has since been deleted.
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isSystemMessage: boolean('is_system_message').notNull().default(false),
    // A system message written because a member took a trade step: it is news to the other
    // member only, so it never counts as unread for the one who acted. Null when the club
    // itself acted (expiry, completion by time).
    systemActorId: integer('system_actor_id').references(() => users.id, { onDelete: 'set null' }),
    // The same system message in the second person, read by the member in system_actor_id
    // ('You accepted the request.'); the other member reads `content`, which names them.
    // Null when the message names nobody (docs/decisions/0025-small-things-from-the-walk.md).
    actorContent: text('actor_content'),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_content_length', sql`char_length(${t.content}) BETWEEN 1 AND 2000`),
    index('messages_thread_id_created_at_idx').on(t.threadId, t.createdAt),
    index('messages_sender_id_idx').on(t.senderId),
    // For ON DELETE SET NULL when a member is deleted; most messages have none.
    index('messages_system_actor_id_idx')
      .on(t.systemActorId)
      .where(sql`system_actor_id IS NOT NULL`),
  ],
);

export type MessageThread = typeof messageThreads.$inferSelect;
export type NewMessageThread = typeof messageThreads.$inferInsert;
export type MessageThreadParticipant = typeof messageThreadParticipants.$inferSelect;
export type NewMessageThreadParticipant = typeof messageThreadParticipants.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
