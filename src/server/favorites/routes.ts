import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { errorAnswers, idParam, memberOnly, requireMember } from '../http/route-helpers';
import { favoriteListing, listFavorites, unfavoriteListing } from './favorites-service';

const listingParams = z.object({ listingId: idParam('LISTING_NOT_FOUND') });

export async function favoriteRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get('/favorites', { onRequest: memberOnly, schema: contractSchema('GET /api/favorites') }, async (request) =>
    listFavorites(db, requireMember(request).id, ctx.database.pool),
  );

  // 201 the first time, 200 after (a double tap).
  app.post(
    '/favorites/:listingId',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/favorites/:listingId', { params: listingParams, response: errorAnswers(404) }),
    },
    async (request, reply) => {
      const { favorite, created } = await favoriteListing(db, requireMember(request).id, request.params.listingId);
      return reply.status(created ? 201 : 200).send(favorite);
    },
  );

  app.delete(
    '/favorites/:listingId',
    {
      onRequest: memberOnly,
      schema: contractSchema('DELETE /api/favorites/:listingId', {
        params: listingParams,
        response: errorAnswers(404),
      }),
    },
    async (request, reply) => {
      await unfavoriteListing(db, requireMember(request).id, request.params.listingId);
      return reply.status(204).send(null);
    },
  );
}
