import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { postageEstimateQuerySchema, postageEstimateSchema } from '../../domain/postage';
import type { AppContext } from '../app-context';
import { postageEstimate } from './postage-service';

// GET /api/postage/estimate (docs/api/postage.md): the price list is public knowledge, so
// visitors may ask too; it reads nobody's data.

export async function postageRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/postage/estimate',
    { schema: { querystring: postageEstimateQuerySchema, response: { 200: postageEstimateSchema } } },
    async (request) => postageEstimate(db, request.query),
  );
}
