import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { memberOnly, requireMember } from '../http/route-helpers';
import { memberContent, memberStats, recentActivity } from './stats-repository';

/** The member home's reads; each is the signed-in member's own. */
export async function statsRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get('/stats', { onRequest: memberOnly, schema: contractSchema('GET /api/stats') }, (request) =>
    memberStats(db, requireMember(request).id, new Date(), ctx.database.pool),
  );

  app.get(
    '/activity/recent',
    { onRequest: memberOnly, schema: contractSchema('GET /api/activity/recent') },
    (request) => recentActivity(db, requireMember(request).id, ctx.database.pool),
  );

  // The same for every member, but members only: the club's numbers are not for the world.
  app.get('/member-content', { onRequest: memberOnly, schema: contractSchema('GET /api/member-content') }, () =>
    memberContent(db),
  );
}
