import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveDisputeSchema } from '../../domain/trades';
import type { AppContext } from '../app';
import { requireAdmin } from '../auth/session-plugin';
import { idParams, parseId, requestMeta } from '../trades/route-helpers';
import { TRADE_NOT_FOUND_MESSAGE } from '../trades/trade-service';
import { dispatchOutbox } from '../trades/trade-notices';
import { applyTradeCommand } from '../trades/trade-service';
import { tradeViewSchema, toTradeView } from '../trades/trade-view';
import { disputedTradeRows, tradeRow } from '../trades/trades-repository';
import { AppError } from '../../domain/errors';

// CONTRACT §4: a disputed trade is frozen until an administrator decides it. 'complete' pays
// the owner as a confirmed delivery does; 'refund' returns the held points to the requester
// and lists the puzzle again. An administrator who is a party to the trade may not decide it.

/** At most this many disputes in one answer: far more than a club has open at once. */
export const DISPUTES_LIST_LIMIT = 200;

const disputeListQuery = z.object({
  status: z.enum(['disputed'], { error: 'Only disputed trades can be listed: use status=disputed' }),
});

async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

export async function tradeDisputeRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  // The disputes waiting for a decision, the one waiting longest first.
  app.get(
    '/admin/trade-requests',
    {
      onRequest: adminOnly,
      schema: { querystring: disputeListQuery, response: { 200: z.array(tradeViewSchema) } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const rows = await disputedTradeRows(db, DISPUTES_LIST_LIMIT);
      return rows.map((row) => toTradeView(row, { id: admin.id, role: 'admin' }));
    },
  );

  app.post(
    '/admin/trade-requests/:id/resolve',
    {
      onRequest: adminOnly,
      schema: { params: idParams, body: resolveDisputeSchema, response: { 200: tradeViewSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const tradeId = parseId(request.params.id, TRADE_NOT_FOUND_MESSAGE);
      const { outcome, notes } = request.body;
      const result = await applyTradeCommand(
        db,
        tradeId,
        { kind: 'admin', id: admin.id, meta: requestMeta(request) },
        { action: outcome === 'complete' ? 'resolve-complete' : 'resolve-refund', notes: notes ?? null },
      );
      if (result) void dispatchOutbox(ctx, result.outbox, request.log);
      const row = await tradeRow(db, tradeId, null);
      if (!row) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE);
      return toTradeView(row, { id: admin.id, role: 'admin' });
    },
  );
}
