import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { errorAnswers, idParam, memberOnly, requestMeta, requireMember } from '../http/route-helpers';
import { noticesFor } from '../notices/notices';
import { MEMBER_NOT_FOUND_MESSAGE } from '../members/members-service';
import { TRADE_NOT_FOUND_MESSAGE } from '../trades/trade-refusals';
import {
  FEEDBACK_NOT_FOUND_MESSAGE,
  leaveFeedback,
  memberFeedback,
  reportFeedback,
  respondToFeedback,
  tradeFeedback,
} from './feedback-service';

// Feedback calls (docs/product/trades.md#feedback has the rules, docs/api/trades.md
// the shapes). All need a signed-in member.

const tradeParams = z.object({ id: idParam('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE) });
const memberParams = z.object({ id: idParam('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE) });
const feedbackParams = z.object({ id: idParam('NOT_FOUND', FEEDBACK_NOT_FOUND_MESSAGE) });

export async function feedbackRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.post(
    '/trade-requests/:id/feedback',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/trade-requests/:id/feedback', {
        params: tradeParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request, reply) => {
      const member = requireMember(request);
      const feedback = await leaveFeedback(
        { db, notices: noticesFor(ctx, request.log) },
        { id: member.id, meta: requestMeta(request) },
        request.params.id,
        request.body,
      );
      return reply.status(201).send(feedback);
    },
  );

  app.get(
    '/trade-requests/:id/feedback',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/trade-requests/:id/feedback', {
        params: tradeParams,
        response: errorAnswers(404),
      }),
    },
    async (request) => tradeFeedback(db, requireMember(request).id, request.params.id),
  );

  app.get(
    '/members/:id/feedback',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/members/:id/feedback', { params: memberParams, response: errorAnswers(404) }),
    },
    async (request) => memberFeedback(db, request.params.id, requireMember(request)),
  );

  app.post(
    '/feedback/:id/response',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/feedback/:id/response', {
        params: feedbackParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request, reply) => {
      const response = await respondToFeedback(db, requireMember(request).id, request.params.id, request.body);
      return reply.status(201).send(response);
    },
  );

  for (const target of ['feedback', 'response'] as const) {
    const path = target === 'feedback' ? '/feedback/:id/report' : '/feedback/:id/response/report';
    app.post(
      path,
      {
        onRequest: memberOnly,
        schema: contractSchema(`POST /api${path}`, { params: feedbackParams, response: errorAnswers(404, 409) }),
      },
      async (request, reply) => {
        const report = await reportFeedback(db, requireMember(request), request.params.id, request.body, target);
        return reply.status(201).send(report);
      },
    );
  }
}
