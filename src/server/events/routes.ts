import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { countUnreadMessages } from '../messages/messages-repository';
import { createSseHub } from './sse';

// GET /api/events (CONTRACT §4): the signed-in member's live updates as server-sent events.
// Registered by messageRoutes, so app.ts needs no line of its own.

export async function eventRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = createSseHub(ctx.events);
  // preClose runs before the server waits for open connections: without it an open page
  // would hold app.close() (and so SIGTERM) until the browser went away.
  app.addHook('preClose', async () => hub.closeAll());

  app.get('/events', async (request, reply) => {
    // Before hijacking, so a signed-out caller gets the usual JSON 401.
    const member = requireMember(request);
    await hub.open(reply, member.id, async () => ({
      type: 'unread-count',
      data: { count: await countUnreadMessages(ctx.database.db, member.id) },
    }));
  });
}
