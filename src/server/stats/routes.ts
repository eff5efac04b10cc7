import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { memberContent, memberStats, recentActivity } from './stats-repository';

const statsSchema = z.object({
  puzzlesListed: z.number().int(),
  successfulTrades: z.number().int(),
  rating: z.number().nullable(),
});

const activitySchema = z.array(
  z.object({ type: z.string(), description: z.string(), at: z.string(), link: z.string().optional() }),
);

const memberContentSchema = z.object({
  communityHighlights: z.object({
    activeListings: z.number().int(),
    members: z.number().int(),
    latestPosts: z.array(
      z.object({ id: z.number().int(), title: z.string(), category: z.string(), createdAt: z.string() }),
    ),
  }),
});

/**
 * The member home's reads. Registered by profileRoutes inside its signed-in scope (so every
 * route here already answers 401 to a signed-out caller); each still reads the member itself.
 */
export async function dashboardRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get('/stats', { schema: { response: { 200: statsSchema } } }, (request) =>
    memberStats(db, requireMember(request).id),
  );

  app.get('/activity/recent', { schema: { response: { 200: activitySchema } } }, (request) =>
    recentActivity(db, requireMember(request).id),
  );

  app.get('/member-content', { schema: { response: { 200: memberContentSchema } } }, (request) => {
    requireMember(request);
    return memberContent(db);
  });
}
