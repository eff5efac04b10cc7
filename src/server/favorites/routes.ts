import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { listingViewSchema } from '../listings/listing-view';
import { findListingView, visibleListingViews } from '../listings/listings-repository';
import { canSeeListing } from '../listings/listings-service';
import { parseListingId } from '../listings/routes';
import { addFavorite, memberFavorites, removeFavorite } from './favorites-repository';

// A member's favourites (spec sections 2 and 7). The path id is always the LISTING id, for
// add and remove alike (the spec's profile area calls DELETE /favorites/{id} with it too),
// and every call acts on the signed-in member's own list only: nobody can touch another's.

const favoriteSchema = z.object({
  id: z.number(),
  puzzleListingId: z.number(),
  createdAt: z.date(),
  listing: listingViewSchema,
});
const listingParams = z.object({ listingId: z.string() });
export const NOT_A_FAVORITE_MESSAGE = 'This puzzle is not in your favorites.';

export async function favoriteRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  // Favourites of listings that are no longer live (drafted, archived, sold) are kept but not
  // shown: their details are the owner's alone now, and they come back if it is relisted.
  app.get('/favorites', { schema: { response: { 200: z.array(favoriteSchema) } } }, async (request) => {
    const member = requireMember(request);
    const rows = await memberFavorites(db, member.id);
    const listings = await visibleListingViews(
      db,
      rows.map((f) => f.puzzleListingId),
      member.id,
    );
    const byId = new Map(listings.map((l) => [l.id, l]));
    return rows.flatMap((f) => {
      const listing = byId.get(f.puzzleListingId);
      return listing ? [{ ...f, listing }] : [];
    });
  });

  // Adding twice is not an error (a double tap): 201 the first time, 200 after.
  app.post(
    '/favorites/:listingId',
    { schema: { params: listingParams, response: { 200: favoriteSchema, 201: favoriteSchema } } },
    async (request, reply) => {
      const member = requireMember(request);
      const listingId = parseListingId(request.params.listingId);
      const listing = await findListingView(db, listingId, member.id);
      // Only listings the member can see; a draft someone else owns does not exist for them.
      if (!listing || !canSeeListing(listing, member.id) || listing.status !== 'active') {
        throw new AppError('LISTING_NOT_FOUND');
      }
      const { favorite, created } = await addFavorite(db, member.id, listingId);
      return reply.status(created ? 201 : 200).send({ ...favorite, listing: { ...listing, isFavorite: true } });
    },
  );

  app.delete('/favorites/:listingId', { schema: { params: listingParams } }, async (request, reply) => {
    const member = requireMember(request);
    const removed = await removeFavorite(db, member.id, parseListingId(request.params.listingId));
    if (!removed) throw new AppError('NOT_FOUND', NOT_A_FAVORITE_MESSAGE);
    return reply.status(204).send();
  });
}
