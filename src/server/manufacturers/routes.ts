import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manufacturerSchema } from '../../domain/manufacturers';
import type { AppContext } from '../app-context';
import { listActiveManufacturers, listManufacturers } from './manufacturers-service';

// Public: the choice lists are not secret and the listing pages show brand names anyway.
export async function manufacturerRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const list = { schema: { response: { 200: z.array(manufacturerSchema) } } };

  app.get('/manufacturers', list, () => listManufacturers(db));
  app.get('/manufacturers/active', list, () => listActiveManufacturers(db));
}
