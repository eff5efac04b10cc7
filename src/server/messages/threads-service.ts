import type { FastifyBaseLogger } from 'fastify';
import type { ClubEvent } from '../../domain/events';
import type { AppContext } from '../app-context';
import { countUnreadMessagesFor } from './messages-repository';
import { threadParticipantIds } from './threads-repository';

// Threads as other features use them: a trade opens one for its two members and posts its
// steps there as system messages (through src/server/notices/), and anything that changed a
// thread tells the open pages after its commit. Kept apart from messages-service.ts (the
// members' own calls), which asks the trades service whether a member may write about a
// listing: trades can call this file without an import cycle.

export { addMessage, backdateThread, createThread } from './threads-repository';

/**
 * Live updates after a thread changed (a message, a system message, a mark-read), called
 * AFTER the transaction commits: `message {threadId}` to every participant, then each one's
 * new unread total. Members with the same total share one event (one NOTIFY on PostgreSQL).
 * A failure is logged, never thrown: the message is saved, and pages catch up on their next
 * fetch or reconnect.
 */
export async function notifyThreadActivity(
  ctx: Pick<AppContext, 'database' | 'events'>,
  threadId: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  try {
    const participantIds = await threadParticipantIds(ctx.database.db, threadId);
    if (participantIds.length === 0) return;
    await ctx.events.publish(participantIds, { type: 'message', data: { threadId } });
    const counts = await countUnreadMessagesFor(ctx.database.db, participantIds);
    const byCount = new Map<number, number[]>();
    for (const [userId, count] of counts) byCount.set(count, [...(byCount.get(count) ?? []), userId]);
    await Promise.all(
      [...byCount].map(([count, ids]) => {
        const event: ClubEvent = { type: 'unread-count', data: { count } };
        return ctx.events.publish(ids, event);
      }),
    );
  } catch (err) {
    log?.warn({ err, threadId }, 'live update after a message could not be published');
  }
}
