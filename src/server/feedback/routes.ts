import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { REPORT_STATUSES } from '../../domain/enums';
import { feedbackReportSchema, feedbackResponseSchema, feedbackSchema } from '../../domain/trades';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { users } from '../db/schema';
import { idParams, memberOnly, parseId, requestMeta } from '../trades/route-helpers';
import { dispatchOutbox } from '../trades/trade-notices';
import { TRADE_NOT_FOUND_MESSAGE } from '../trades/trade-service';
import { visibleFeedbackReceived } from './feedback-repository';
import {
  FEEDBACK_NOT_FOUND_MESSAGE,
  leaveFeedback,
  reportFeedback,
  respondToFeedback,
  toFeedbackDto,
  tradeFeedback,
} from './feedback-service';

// Feedback calls (the spec shows none; CONTRACT §4 fixes the rules, docs/decisions/trades.md
// the shapes). All need a signed-in member.

export const feedbackDtoSchema = z.object({
  id: z.number(),
  tradeRequestId: z.number(),
  fromUserId: z.number(),
  toUserId: z.number(),
  fromName: z.string(),
  puzzleTitle: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  isVisible: z.boolean(),
  response: z.object({ id: z.number(), response: z.string(), createdAt: z.string() }).nullable(),
});

const tradeFeedbackSchema = z.object({
  given: feedbackDtoSchema.nullable(),
  received: feedbackDtoSchema.nullable(),
  receivedHidden: z.boolean(),
  canLeave: z.boolean(),
  visibleFrom: z.string().nullable(),
});

const reportSchema = z.object({ id: z.number(), status: z.enum(REPORT_STATUSES), createdAt: z.string() });

export const MEMBER_FEEDBACK_LIMIT = 100;

export async function feedbackRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const feedbackId = (raw: string) => parseId(raw, FEEDBACK_NOT_FOUND_MESSAGE);

  app.post(
    '/trade-requests/:id/feedback',
    { onRequest: memberOnly, schema: { params: idParams, body: feedbackSchema, response: { 201: feedbackDtoSchema } } },
    async (request, reply) => {
      const member = requireMember(request);
      const { feedback, outbox } = await leaveFeedback(
        db,
        { id: member.id, meta: requestMeta(request) },
        parseId(request.params.id, TRADE_NOT_FOUND_MESSAGE),
        request.body,
      );
      void dispatchOutbox(ctx, outbox, request.log);
      return reply.status(201).send(feedback);
    },
  );

  app.get(
    '/trade-requests/:id/feedback',
    { onRequest: memberOnly, schema: { params: idParams, response: { 200: tradeFeedbackSchema } } },
    async (request) =>
      tradeFeedback(db, requireMember(request).id, parseId(request.params.id, TRADE_NOT_FOUND_MESSAGE)),
  );

  app.get(
    '/members/:id/feedback',
    { onRequest: memberOnly, schema: { params: idParams, response: { 200: z.array(feedbackDtoSchema) } } },
    async (request) => {
      requireMember(request);
      const memberId = parseId(request.params.id, 'Member not found');
      const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId));
      if (!exists) throw new AppError('NOT_FOUND', 'Member not found');
      const rows = await visibleFeedbackReceived(db, memberId, new Date(), MEMBER_FEEDBACK_LIMIT);
      return rows.map(toFeedbackDto);
    },
  );

  app.post(
    '/feedback/:id/response',
    {
      onRequest: memberOnly,
      schema: {
        params: idParams,
        body: feedbackResponseSchema,
        response: {
          201: z.object({ id: z.number(), feedbackId: z.number(), response: z.string(), createdAt: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const response = await respondToFeedback(db, member.id, feedbackId(request.params.id), request.body);
      return reply.status(201).send(response);
    },
  );

  app.post(
    '/feedback/:id/report',
    {
      onRequest: memberOnly,
      schema: { params: idParams, body: feedbackReportSchema, response: { 201: reportSchema } },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const report = await reportFeedback(db, member.id, feedbackId(request.params.id), request.body, 'feedback');
      return reply.status(201).send(report);
    },
  );

  app.post(
    '/feedback/:id/response/report',
    {
      onRequest: memberOnly,
      schema: { params: idParams, body: feedbackReportSchema, response: { 201: reportSchema } },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const report = await reportFeedback(db, member.id, feedbackId(request.params.id), request.body, 'response');
      return reply.status(201).send(report);
    },
  );
}
