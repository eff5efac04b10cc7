import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oncePerDatabase } from '../db/prepared-statements';
import { messageThreadParticipants, messages } from '../db/schema';

/**
 * The unread rule, written here only: a message of `m` (a table or its alias) that `member` did
 * not write (neither sent by them nor a system message about a trade step they took themselves),
 * sent after `lastReadAt`, the member's read time for its thread (NULL: never read). A
 * participant's lastReadAt stands for a per-message readBy list. The badge's count, each
 * thread's count in the conversations list (threads-repository.ts threadRowsForMember) and
 * mark-read's answer (markRead there) all use it.
 */
export function unreadBy(m: SQL, member: SQL, lastReadAt: SQL): SQL {
  return sql`(coalesce(${m}.sender_id, ${m}.system_actor_id) IS DISTINCT FROM ${member}
    AND (${lastReadAt} IS NULL OR ${m}.created_at > ${lastReadAt}))`;
}

/**
 * The member's unread messages in all their threads (unreadBy).
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
    .where(unreadBy(sql`${messages}`, sql`${member}::int`, sql`${messageThreadParticipants.lastReadAt}`))
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
      unreadBy(
        sql`${messages}`,
        sql`${messageThreadParticipants.userId}`,
        sql`${messageThreadParticipants.lastReadAt}`,
      ),
    )
    .groupBy(messageThreadParticipants.userId);
  for (const row of rows) counts.set(row.userId, Number(row.n));
  return counts;
}
