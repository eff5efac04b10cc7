import { and, count, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oncePerDatabase } from '../db/prepared-statements';
import { messageThreadParticipants, messages } from '../db/schema';

/**
 * Not the member's own words: neither sent by them nor a system message about a trade step
 * they took themselves (threads-repository.ts threadRowsForMember uses the same test).
 */
function notWrittenBy(member: SQL): SQL {
  return sql`coalesce(${messages.senderId}, ${messages.systemActorId}) IS DISTINCT FROM ${member}`;
}

/**
 * Messages in the member's threads that others (or the system) wrote after the member last
 * read that thread. A participant's lastReadAt stands for a per-message readBy list.
 *
 * The badge asks it on nearly every page, every live stream's first event and every
 * mark-read: the statement is built once per database and prepared (on PostgreSQL a named
 * statement, planned once per connection), as the session lookup is (sessions-repository.ts;
 * what it buys: docs/performance.md, 'Club evening').
 */
function prepareUnreadCount(db: DbOrTx) {
  const member = sql.placeholder('member');
  return db
    .select({ n: count() })
    .from(messages)
    .innerJoin(
      messageThreadParticipants,
      and(eq(messageThreadParticipants.threadId, messages.threadId), eq(messageThreadParticipants.userId, member)),
    )
    .where(
      and(
        notWrittenBy(sql`${member}::int`),
        or(isNull(messageThreadParticipants.lastReadAt), gt(messages.createdAt, messageThreadParticipants.lastReadAt)),
      ),
    )
    .prepare('jc_count_unread_messages');
}
const unreadCountStatement = oncePerDatabase(prepareUnreadCount);

export async function countUnreadMessages(db: DbOrTx, userId: number): Promise<number> {
  const statement = unreadCountStatement(db);
  const [row] = await statement.execute({ member: userId });
  return Number(row?.n ?? 0);
}

/** countUnreadMessages for several members in one query (the live update after a message). */
export async function countUnreadMessagesFor(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: messageThreadParticipants.userId, n: count() })
    .from(messages)
    .innerJoin(
      messageThreadParticipants,
      and(
        eq(messageThreadParticipants.threadId, messages.threadId),
        inArray(messageThreadParticipants.userId, userIds),
      ),
    )
    .where(
      and(
        notWrittenBy(sql`${messageThreadParticipants.userId}`),
        or(isNull(messageThreadParticipants.lastReadAt), gt(messages.createdAt, messageThreadParticipants.lastReadAt)),
      ),
    )
    .groupBy(messageThreadParticipants.userId);
  for (const row of rows) counts.set(row.userId, Number(row.n));
  return counts;
}
