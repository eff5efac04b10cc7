import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { memberOnly, requireMember } from '../http/route-helpers';
import { memberLedger } from './ledger';

export async function pointsRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/points/transactions',
    { onRequest: memberOnly, schema: contractSchema('GET /api/points/transactions') },
    async (request) => memberLedger(ctx.database.db, requireMember(request).id),
  );
}
