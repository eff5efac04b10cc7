import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BrowsePage } from '../../domain/listings';
import type { AppContext } from '../app-context';
import { browseOrigin } from '../geo/geo-service';
import { errorAnswers, idParam, memberOnly, perMemberEditLimit, requireMember } from '../http/route-helpers';
import { contractSchema } from '../http/route-contract';
import { noticesFor } from '../notices/notices';
import {
  changeSavedSearch,
  createSavedSearch,
  mySavedSearches,
  removeSavedSearch,
  SAVED_SEARCH_NOT_FOUND_MESSAGE,
  savedSearchMatchesPage,
} from './saved-searches-service';
import { addWish, myWishes, removeWish, wishDemand } from './wishes-service';
import { passOffer, WISH_NOT_FOUND_MESSAGE } from './wish-offers-service';

// Wanted (docs/product/wanted.md, docs/api/wanted.md): a member's saved searches and wish
// list. Every call needs a member; another member's search or wish answers 404.

const searchParams = z.object({ id: idParam('NOT_FOUND', SAVED_SEARCH_NOT_FOUND_MESSAGE) });
const wishParams = z.object({ id: idParam('NOT_FOUND', WISH_NOT_FOUND_MESSAGE) });

export async function wantedRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/saved-searches',
    { onRequest: memberOnly, schema: contractSchema('GET /api/saved-searches') },
    async (request) => mySavedSearches(db, requireMember(request).id),
  );

  app.post(
    '/saved-searches',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/saved-searches', { response: errorAnswers(409) }),
      config: perMemberEditLimit(),
    },
    async (request, reply) =>
      reply.status(201).send(await createSavedSearch(db, requireMember(request).id, request.body)),
  );

  app.get(
    '/saved-searches/:id/matches',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/saved-searches/:id/matches', {
        params: searchParams,
        response: errorAnswers(404),
      }),
    },
    async (request, reply) => {
      const member = requireMember(request);
      const body = await savedSearchMatchesPage(
        db,
        member.id,
        request.params.id,
        request.query.page,
        ctx.database.pool,
        new Date(),
        (query) => browseOrigin({ db, config: ctx.config, log: request.log }, query, member),
      );
      // Browse's page object as browse writes it (see GET /puzzle-listings).
      return reply.type('application/json; charset=utf-8').send(body as unknown as BrowsePage);
    },
  );

  app.patch(
    '/saved-searches/:id',
    {
      onRequest: memberOnly,
      schema: contractSchema('PATCH /api/saved-searches/:id', { params: searchParams, response: errorAnswers(404) }),
      config: perMemberEditLimit(),
    },
    async (request) => changeSavedSearch(db, requireMember(request).id, request.params.id, request.body),
  );

  app.delete(
    '/saved-searches/:id',
    {
      onRequest: memberOnly,
      schema: contractSchema('DELETE /api/saved-searches/:id', { params: searchParams, response: errorAnswers(404) }),
    },
    async (request, reply) => {
      await removeSavedSearch(db, requireMember(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get('/wishes', { onRequest: memberOnly, schema: contractSchema('GET /api/wishes') }, async (request) =>
    myWishes(db, requireMember(request).id, ctx.database.pool),
  );

  // Fastify prefers the static segment over /:id.
  app.get(
    '/wishes/demand',
    { onRequest: memberOnly, schema: contractSchema('GET /api/wishes/demand') },
    async (request) => wishDemand(db, request.query),
  );

  app.post(
    '/wishes',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/wishes', { response: errorAnswers(404, 409) }),
      config: perMemberEditLimit(),
    },
    async (request, reply) => reply.status(201).send(await addWish(db, requireMember(request).id, request.body)),
  );

  app.post(
    '/wishes/:id/pass',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/wishes/:id/pass', { params: wishParams, response: errorAnswers(404, 409) }),
    },
    async (request, reply) => {
      await passOffer({ db, notices: noticesFor(ctx, request.log) }, requireMember(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/wishes/:id',
    {
      onRequest: memberOnly,
      schema: contractSchema('DELETE /api/wishes/:id', { params: wishParams, response: errorAnswers(404) }),
    },
    async (request, reply) => {
      await removeWish({ db, notices: noticesFor(ctx, request.log) }, requireMember(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
