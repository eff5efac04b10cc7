import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clubEventSchema } from '../../domain/events';
import type { AppContext } from '../app-context';
import { errorAnswers, memberOnly, requireMember } from '../http/route-helpers';
import { unreadMessageCount } from '../messages/messages-service';
import { createSseHub } from './sse';

// GET /api/events (docs/product/messages.md#live-updates): the signed-in member's live updates as server-sent events.

export async function eventRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const hub = createSseHub(ctx.events, { caps: ctx.config.eventStreams });
  // preClose runs before the server waits for open connections: without it an open page
  // would hold app.close() (and so SIGTERM) until the browser went away.
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/events',
    {
      // 401 as the usual JSON, before the stream starts.
      onRequest: memberOnly,
      schema: {
        response: {
          200: {
            description: 'A stream of `event: <type>` / `data: <JSON>` messages, each one of these',
            content: { 'text/event-stream': { schema: clubEventSchema } },
          },
          // Past the streams one address or this process may hold (decision 0026).
          ...errorAnswers(429),
        },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      await hub.open(reply, { userId: member.id, address: request.ip }, async () => ({
        type: 'unread-count',
        data: { count: await unreadMessageCount(ctx.database.db, member.id) },
      }));
    },
  );
}
