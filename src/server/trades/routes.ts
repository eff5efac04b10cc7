import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import {
  confirmDeliverySchema,
  declineSchema,
  disputeSchema,
  shipSchema,
  tradeListQuerySchema,
  tradeRequestSchema,
} from '../../domain/trades';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { tradeDisputeRoutes } from '../admin/trade-disputes';
import { feedbackRoutes } from '../feedback/routes';
import { notificationRoutes } from '../notifications/routes';
import { idParams, memberOnly, parseId, requestMeta } from './route-helpers';
import { dispatchOutbox, drainOutboxes } from './trade-notices';
import { applyTradeCommand, requestTrade, TRADE_NOT_FOUND_MESSAGE, type TradeCommand } from './trade-service';
import { tradeViewSchema, toTradeView } from './trade-view';
import { memberTradeRows, tradeRow } from './trades-repository';

// CONTRACT §4 "Trades": thin handlers. Each checks that a member is signed in, hands the
// command to the service (which decides who may do what under a row lock) and answers the
// trade as the caller sees it. Notices go out after the commit, without holding the answer.

export const TRADE_LIST_LIMIT = 500;

const tradeId = (raw: string) => parseId(raw, TRADE_NOT_FOUND_MESSAGE);

export async function tradeRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  // Mails still being sent when the app closes are finished first.
  app.addHook('onClose', async () => drainOutboxes(ctx));

  async function viewFor(id: number, memberId: number) {
    const row = await tradeRow(db, id, memberId);
    if (!row || (row.trade.requesterId !== memberId && row.trade.ownerId !== memberId)) {
      throw new AppError('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE);
    }
    return toTradeView(row, { id: memberId, role: row.trade.ownerId === memberId ? 'owner' : 'requester' });
  }

  app.post(
    '/trade-requests',
    {
      onRequest: memberOnly,
      schema: { body: tradeRequestSchema, response: { 201: tradeViewSchema } },
      // A request e-mails the owner: keep a runaway client from flooding anyone's inbox.
      // Counted per member (a club night shares one IP address).
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '10 minutes',
          keyGenerator: (request) => (request.member ? `member:${request.member.id}` : request.ip),
        },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const { trade, outbox } = await requestTrade(db, { id: member.id, meta: requestMeta(request) }, request.body);
      void dispatchOutbox(ctx, outbox, request.log);
      return reply.status(201).send(await viewFor(trade.id, member.id));
    },
  );

  app.get(
    '/trade-requests',
    {
      onRequest: memberOnly,
      schema: { querystring: tradeListQuerySchema, response: { 200: z.array(tradeViewSchema) } },
    },
    async (request) => {
      const member = requireMember(request);
      const rows = await memberTradeRows(db, member.id, request.query.role, TRADE_LIST_LIMIT);
      return rows.map((row) =>
        toTradeView(row, { id: member.id, role: row.trade.ownerId === member.id ? 'owner' : 'requester' }),
      );
    },
  );

  app.get(
    '/trade-requests/:id',
    { onRequest: memberOnly, schema: { params: idParams, response: { 200: tradeViewSchema } } },
    async (request) => viewFor(tradeId(request.params.id), requireMember(request).id),
  );

  /** One POST route per step; `toCommand` turns the validated body into the service's command. */
  function step<S extends z.ZodType>(
    path: string,
    body: S | undefined,
    toCommand: (body: z.output<S> | undefined) => TradeCommand,
  ) {
    app.post(
      `/trade-requests/:id/${path}`,
      {
        onRequest: memberOnly,
        schema: { params: idParams, ...(body ? { body: body.nullish() } : {}), response: { 200: tradeViewSchema } },
      },
      async (request) => {
        const member = requireMember(request);
        const id = tradeId(request.params.id);
        const result = await applyTradeCommand(
          db,
          id,
          { kind: 'member', id: member.id, meta: requestMeta(request) },
          toCommand((request.body ?? undefined) as z.output<S> | undefined),
        );
        if (result) void dispatchOutbox(ctx, result.outbox, request.log);
        return viewFor(id, member.id);
      },
    );
  }

  step('accept', undefined, () => ({ action: 'accept' }));
  step('decline', declineSchema, (b) => ({ action: 'decline', reason: b?.reason ?? null }));
  step('cancel', undefined, () => ({ action: 'cancel' }));
  step('ship', shipSchema, (b) => ({
    action: 'ship',
    carrierName: b?.carrierName ?? null,
    trackingNumber: b?.trackingNumber ?? null,
    shippingNotes: b?.shippingNotes ?? null,
  }));
  step('confirm-delivery', confirmDeliverySchema, (b) => ({
    action: 'confirm-delivery',
    deliveryNotes: b?.deliveryNotes ?? null,
  }));
  // Details are required: the schema is not optional here.
  app.post(
    '/trade-requests/:id/dispute',
    { onRequest: memberOnly, schema: { params: idParams, body: disputeSchema, response: { 200: tradeViewSchema } } },
    async (request) => {
      const member = requireMember(request);
      const id = tradeId(request.params.id);
      const result = await applyTradeCommand(
        db,
        id,
        { kind: 'member', id: member.id, meta: requestMeta(request) },
        { action: 'dispute', details: request.body.details },
      );
      if (result) void dispatchOutbox(ctx, result.outbox, request.log);
      return viewFor(id, member.id);
    },
  );

  await notificationRoutes(app, ctx);
  await feedbackRoutes(app, ctx);
  // The admin area's other routes come with the admin issue; resolving a dispute is part of
  // the trade's life, so it is registered with the trades.
  await tradeDisputeRoutes(app, ctx);
}
