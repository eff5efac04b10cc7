import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { pingDatabase } from '../db/client';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/health', { schema: contractSchema('GET /api/health') }, async () => {
    // Answer ok only when the database answers too.
    await pingDatabase(ctx.database.db);
    return { status: 'ok' as const, database: ctx.database.kind };
  });
}
