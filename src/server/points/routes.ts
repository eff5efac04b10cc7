import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { LEDGER_REASONS } from '../../domain/enums';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { pointsLedger, puzzleListings, tradeRequests } from '../db/schema';
import { memberOnly } from '../trades/route-helpers';

// CONTRACT §4: GET /points/transactions, the member's own ledger, newest first. Each row
// names the puzzle of its trade so the profile's 'PuzzlePoints history' reads on its own.

export const ledgerEntrySchema = z.object({
  id: z.number(),
  amount: z.number(),
  balanceAfter: z.number(),
  reason: z.enum(LEDGER_REASONS),
  tradeRequestId: z.number().nullable(),
  puzzleTitle: z.string().nullable(),
  createdAt: z.string(),
});

export const LEDGER_LIST_LIMIT = 500;

export async function pointsRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/points/transactions',
    { onRequest: memberOnly, schema: { response: { 200: z.array(ledgerEntrySchema) } } },
    async (request) => {
      const member = requireMember(request);
      const rows = await db
        .select({
          id: pointsLedger.id,
          amount: pointsLedger.amount,
          balanceAfter: pointsLedger.balanceAfter,
          reason: pointsLedger.reason,
          tradeRequestId: pointsLedger.tradeRequestId,
          puzzleTitle: puzzleListings.title,
          createdAt: pointsLedger.createdAt,
        })
        .from(pointsLedger)
        .leftJoin(tradeRequests, eq(tradeRequests.id, pointsLedger.tradeRequestId))
        .leftJoin(puzzleListings, eq(puzzleListings.id, tradeRequests.puzzleListingId))
        .where(eq(pointsLedger.userId, member.id))
        // id breaks ties: rows of one transaction share created_at, and the later one is newer.
        .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
        .limit(LEDGER_LIST_LIMIT);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );
}
