import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../app';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) }) },
      },
    },
    async () => {
      // Answer ok only when the database answers too.
      await ctx.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: ctx.database.kind };
    },
  );
}
