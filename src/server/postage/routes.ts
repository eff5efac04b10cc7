import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { postageEstimate } from './postage-service';
import { contractSchema } from '../http/route-contract';

// GET /api/postage/estimate (docs/api/postage.md): the price list is public knowledge, so
// visitors may ask too; it reads nobody's data.

export async function postageRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get('/postage/estimate', { schema: contractSchema('GET /api/postage/estimate') }, async (request) =>
    postageEstimate(db, request.query),
  );
}
