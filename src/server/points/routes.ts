import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerEntrySchema } from '../../domain/points';
import type { AppContext } from '../app-context';
import { memberOnly, requireMember } from '../http/route-helpers';
import { memberLedger } from './ledger';

export async function pointsRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/points/transactions',
    { onRequest: memberOnly, schema: { response: { 200: z.array(ledgerEntrySchema) } } },
    async (request) => memberLedger(ctx.database.db, requireMember(request).id),
  );
}
