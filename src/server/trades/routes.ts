import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiContract } from '../../domain/api-contract';
import { TRADE_REQUESTS_PER_TEN_MINUTES, TRADE_REQUESTS_RATE_LIMIT_MESSAGE } from '../../domain/constants';
import type { AppContext } from '../app-context';
import {
  errorAnswers,
  idParam,
  memberOnly,
  perMemberRateLimit,
  requestMeta,
  requireMember,
} from '../http/route-helpers';
import { contractSchema } from '../http/route-contract';
import { noticesFor } from '../notices/notices';
import { applyTradeCommand, requestTrade, type TradeCommand } from './trade-life-cycle-service';
import { memberTrades, tradeForMember } from './trade-reads';
import { TRADE_NOT_FOUND_MESSAGE } from './trade-refusals';

// Trades (docs/product/trades.md, docs/api/trades.md): thin handlers. Each checks that a member is signed in, hands the
// command to the service (which decides who may do what under a row lock, and tells people
// after its commit) and answers the trade as the caller sees it.

const idParams = z.object({ id: idParam('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE) });

type TradeStep = 'accept' | 'decline' | 'cancel' | 'ship' | 'confirm-delivery' | 'dispute';
/** A step's validated body: undefined for a step that takes none. */
type StepBody<P extends TradeStep> = ApiContract[`POST /api/trade-requests/:id/${P}`] extends {
  body: infer B extends z.ZodType;
}
  ? z.output<B>
  : undefined;

export async function tradeRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.post(
    '/trade-requests',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/trade-requests', { response: errorAnswers(404, 409) }),
      // A request e-mails the owner: keep a runaway client from flooding anyone's inbox.
      config: perMemberRateLimit(TRADE_REQUESTS_PER_TEN_MINUTES, 10 * 60 * 1000, TRADE_REQUESTS_RATE_LIMIT_MESSAGE),
    },
    async (request, reply) => {
      const member = requireMember(request);
      const { trade } = await requestTrade(
        { db, notices: noticesFor(ctx, request.log) },
        { id: member.id, meta: requestMeta(request) },
        request.body,
      );
      return reply.status(201).send(await tradeForMember(db, trade.id, member.id));
    },
  );

  app.get(
    '/trade-requests',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/trade-requests'),
    },
    async (request) => memberTrades(db, requireMember(request).id, request.query.role),
  );

  app.get(
    '/trade-requests/:id',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/trade-requests/:id', { params: idParams, response: errorAnswers(404) }),
    },
    async (request) => tradeForMember(db, request.params.id, requireMember(request).id),
  );

  /**
   * One POST route per step, its body (if any) as the contract gives it; `toCommand` turns the
   * validated body into the service's command. A step without a body schema takes none (a
   * button press); one whose fields are all optional takes none or null as well.
   */
  function step<P extends TradeStep>(path: P, toCommand: (body: StepBody<P>) => TradeCommand) {
    const route: `POST /api/trade-requests/:id/${TradeStep}` = `POST /api/trade-requests/:id/${path}`;
    app.post(
      `/trade-requests/:id/${path}`,
      {
        onRequest: memberOnly,
        schema: contractSchema(route, {
          params: idParams,
          response: errorAnswers(403, 404, 409),
        }),
      },
      async (request) => {
        const member = requireMember(request);
        const id = request.params.id;
        await applyTradeCommand(
          { db, notices: noticesFor(ctx, request.log) },
          id,
          { kind: 'member', id: member.id, meta: requestMeta(request) },
          toCommand(request.body as StepBody<P>),
        );
        return tradeForMember(db, id, member.id);
      },
    );
  }

  step('accept', () => ({ action: 'accept' }));
  step('decline', (b) => ({ action: 'decline', reason: b?.reason ?? null }));
  step('cancel', () => ({ action: 'cancel' }));
  step('ship', (b) => ({
    action: 'ship',
    handedOver: b?.handedOver === true,
    carrierName: b?.carrierName ?? null,
    trackingNumber: b?.trackingNumber ?? null,
    shippingNotes: b?.shippingNotes ?? null,
  }));
  step('confirm-delivery', (b) => ({
    action: 'confirm-delivery',
    deliveryNotes: b?.deliveryNotes ?? null,
    arrived: b?.arrived,
    missingPieces: b?.missingPieces ?? null,
  }));
  // Details are required: the contract's schema is not optional here.
  step('dispute', (b) => ({ action: 'dispute', details: b.details }));
}
