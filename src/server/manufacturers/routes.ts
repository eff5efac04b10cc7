import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { listActiveManufacturers, listManufacturers } from './manufacturers-service';

// Public: the choice lists are not secret and the listing pages show brand names anyway.
export async function manufacturerRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  app.get('/manufacturers', { schema: contractSchema('GET /api/manufacturers') }, () => listManufacturers(db));
  app.get('/manufacturers/active', { schema: contractSchema('GET /api/manufacturers/active') }, () =>
    listActiveManufacturers(db),
  );
}
