import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityItemSchema, memberContentSchema, memberStatsSchema } from '../../domain/stats';
import type { AppContext } from '../app-context';
import { memberOnly, requireMember } from '../http/route-helpers';
import { memberContent, memberStats, recentActivity } from './stats-repository';

/** The member home's reads; each is the signed-in member's own. */
export async function statsRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get('/stats', { onRequest: memberOnly, schema: { response: { 200: memberStatsSchema } } }, (request) =>
    memberStats(db, requireMember(request).id),
  );

  app.get(
    '/activity/recent',
    { onRequest: memberOnly, schema: { response: { 200: z.array(activityItemSchema) } } },
    (request) => recentActivity(db, requireMember(request).id),
  );

  // The same for every member, but members only: the club's numbers are not for the world.
  app.get('/member-content', { onRequest: memberOnly, schema: { response: { 200: memberContentSchema } } }, () =>
    memberContent(db),
  );
}
