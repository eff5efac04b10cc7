import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '../../domain/health';
import type { AppContext } from '../app-context';
import { pingDatabase } from '../db/client';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/health', { schema: { response: { 200: healthSchema } } }, async () => {
    // Answer ok only when the database answers too.
    await pingDatabase(ctx.database.db);
    return { status: 'ok' as const, database: ctx.database.kind };
  });
}
