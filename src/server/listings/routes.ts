import type { FastifyInstance } from 'fastify';
import { browseOrigin } from '../geo/geo-service';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BrowsePage } from '../../domain/listings';
import { LISTINGS_PER_HOUR } from '../../domain/constants';
import type { AppContext } from '../app-context';
import {
  errorAnswers,
  idParam,
  memberOnly,
  perMemberEditLimit,
  perMemberRateLimit,
  requireMember,
} from '../http/route-helpers';
import { contractSchema } from '../http/route-contract';
import { noticesFor } from '../notices/notices';
import { pointsGuide } from './browse-repository';
import { browsePageBody } from './browse-service';
import { memberListingViews } from './listings-repository';
import { changeListing, createListing, listingForViewer } from './listings-service';
import { matchAfterReply } from '../wanted/wanted-matching-service';

// Listings (docs/product/listings.md). Browse and detail are public; everything else needs a member.

const idParams = z.object({ id: idParam('LISTING_NOT_FOUND') });

const HOUR = 60 * 60 * 1000;
const listingLimit = perMemberRateLimit(
  LISTINGS_PER_HOUR,
  HOUR,
  'You have listed a lot of puzzles in the last hour. Please wait a while and try again.',
);

export async function listingRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const images = { pictures: ctx.pictures };

  app.get(
    '/puzzle-listings',
    { schema: contractSchema('GET /api/puzzle-listings', { response: errorAnswers(503) }) },
    async (request, reply) => {
      const viewerId = request.member?.id ?? null;
      // Where distances are measured from: Location's postcode or the member's own (400 for
      // a postcode nobody knows).
      const origin = await browseOrigin({ db, config: ctx.config, log: request.log }, request.query, request.member);
      // The items are JSON the database built from listingJson's field list; splicing them in
      // saves parsing and re-serialising every listing of every page (docs/performance.md).
      // A string with a JSON content type is sent as it is: the schema above documents it.
      const body = await browsePageBody(db, { ...request.query, origin }, viewerId, ctx.database.pool);
      return reply.type('application/json; charset=utf-8').send(body as unknown as BrowsePage);
    },
  );

  // Drafts, archived and sold listings are their owner's alone (docs/product/listings.md#listing-states): to anyone else
  // they do not exist.
  app.get(
    '/puzzle-listings/:id',
    { schema: contractSchema('GET /api/puzzle-listings/:id', { params: idParams, response: errorAnswers(404) }) },
    async (request) => listingForViewer(db, request.params.id, request.member?.id ?? null),
  );

  // Fastify prefers the static segment over /:id.
  app.get(
    '/puzzle-listings/my-listings',
    { onRequest: memberOnly, schema: contractSchema('GET /api/puzzle-listings/my-listings') },
    async (request) => memberListingViews(db, requireMember(request).id),
  );

  // The List a Puzzle form's guidance (docs/decisions/0024): the suggested points for a size
  // and what members usually ask for one. Members only: it is there to help them list.
  app.get(
    '/puzzle-listings/points-guide',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/puzzle-listings/points-guide'),
    },
    async (request) => pointsGuide(db, request.query.pieces),
  );

  app.post(
    '/puzzle-listings',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/puzzle-listings'),
      config: listingLimit,
    },
    async (request, reply) => {
      const listing = await createListing(
        { db, notices: noticesFor(ctx, request.log) },
        requireMember(request).id,
        request.body,
        images,
      );
      // Members who want it are found after the answer (docs/decisions/0030-wanted.md).
      matchAfterReply(ctx, request.log);
      return reply.status(201).send(listing);
    },
  );

  // The body is either {status} or the whole form (docs/product/listings.md#listing-states); the service tells them
  // apart and validates each with its own schema.
  app.patch(
    '/puzzle-listings/:id',
    {
      onRequest: memberOnly,
      schema: contractSchema('PATCH /api/puzzle-listings/:id', {
        params: idParams,
        response: errorAnswers(403, 404, 409),
      }),
      config: perMemberEditLimit(),
    },
    async (request) => {
      const listing = await changeListing(
        { db, notices: noticesFor(ctx, request.log) },
        request.params.id,
        requireMember(request).id,
        request.body,
        images,
      );
      matchAfterReply(ctx, request.log);
      return listing;
    },
  );
}
