import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { browseQuerySchema, listingInputSchema } from '../../domain/listings';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { dispatchOutbox } from '../trades/trade-notices';
import { listingViewSchema } from './listing-view';
import { browseListings, cachedActiveListingYears } from './browse-repository';
import { findListingView, memberListingViews } from './listings-repository';
import { canSeeListing, changeListing, createListing } from './listings-service';

// CONTRACT §4 "Listings". Browse and detail are public; everything else needs a member.

const browsePageSchema = z.object({
  items: z.array(listingViewSchema),
  total: z.number(),
  // true when there are more than `total` matches ('Showing 24 of 1,000+ puzzles').
  totalIsCapped: z.boolean(),
  hasMore: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  years: z.array(z.number()),
});

const idParams = z.object({ id: z.string() });
const INT_MAX = 2_147_483_647;

/** A listing id from the path; anything that cannot be one is simply not found. */
export function parseListingId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > INT_MAX) throw new AppError('LISTING_NOT_FOUND');
  return id;
}

export async function listingRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/puzzle-listings',
    { schema: { querystring: browseQuerySchema, response: { 200: browsePageSchema } } },
    async (request, reply) => {
      const viewerId = request.member?.id ?? null;
      const [page, years] = await Promise.all([
        browseListings(db, request.query, viewerId, { pool: ctx.database.pool }),
        cachedActiveListingYears(db),
      ]);
      // The items are JSON the database built from listingJson's field list; splicing them in
      // saves parsing and re-serialising every listing of every page (docs/performance.md).
      // A string with a JSON content type is sent as it is: the schema above documents it.
      const { itemsJson, ...rest } = page;
      const head = JSON.stringify({ ...rest, years });
      const body = `{"items":${itemsJson},${head.slice(1)}`;
      return reply.type('application/json; charset=utf-8').send(body as unknown as z.infer<typeof browsePageSchema>);
    },
  );

  app.get(
    '/puzzle-listings/:id',
    { schema: { params: idParams, response: { 200: listingViewSchema } } },
    async (request) => {
      const viewerId = request.member?.id ?? null;
      const listing = await findListingView(db, parseListingId(request.params.id), viewerId);
      // Drafts, archived and sold listings are their owner's alone (CONTRACT §4): to anyone
      // else they do not exist.
      if (!listing || !canSeeListing(listing, viewerId)) throw new AppError('LISTING_NOT_FOUND');
      return listing;
    },
  );

  // Everything else is a member's own: its own scope, so the sign-in check runs before body
  // validation (a signed-out caller gets 401, not a list of field errors), as profile does.
  await app.register(async (scope) => {
    const member = scope.withTypeProvider<ZodTypeProvider>();
    member.addHook('onRequest', async (request) => {
      requireMember(request);
    });
    const images = { uploadDir: ctx.config.uploadDir };

    // Fastify prefers the static segment over /:id, whichever scope registers it.
    member.get(
      '/puzzle-listings/my-listings',
      { schema: { response: { 200: z.array(listingViewSchema) } } },
      async (request) => memberListingViews(db, requireMember(request).id),
    );

    member.post(
      '/puzzle-listings',
      { schema: { body: listingInputSchema, response: { 201: listingViewSchema } } },
      async (request, reply) => {
        const me = requireMember(request);
        return reply.status(201).send(await createListing(db, me.id, request.body, images));
      },
    );

    // The body is either {status} or the whole form (spec section 7); the service tells them
    // apart and validates each with its own schema.
    member.patch(
      '/puzzle-listings/:id',
      {
        schema: {
          params: idParams,
          body: z.record(z.string(), z.unknown(), { error: 'Send the listing as a JSON object' }),
          response: { 200: listingViewSchema },
        },
      },
      async (request) => {
        const me = requireMember(request);
        const change = await changeListing(db, parseListingId(request.params.id), me.id, request.body, images);
        void dispatchOutbox(ctx, change.notices, request.log);
        return change.listing;
      },
    );
  });
}
