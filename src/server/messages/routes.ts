import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { errorAnswers, idParam, memberOnly, perMemberRateLimit, requireMember } from '../http/route-helpers';
import { MESSAGES_PER_MINUTE, MESSAGES_RATE_LIMIT_MESSAGE, MINUTE_MS } from '../../domain/constants';
import {
  listMessages,
  listThreads,
  markThreadRead,
  messageMember,
  postMessage,
  startConversation,
  THREAD_NOT_FOUND,
  unreadMessageCount,
} from './messages-service';

// The messaging calls (docs/product/messages.md). Every call needs a member; the service decides who may see a
// thread (participants only; 404 for anyone else).

const threadParams = z.object({ threadId: idParam('NOT_FOUND', THREAD_NOT_FOUND) });

const postingLimit = perMemberRateLimit(MESSAGES_PER_MINUTE, MINUTE_MS, MESSAGES_RATE_LIMIT_MESSAGE);

export async function messageRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/messages/unread-count',
    { onRequest: memberOnly, schema: contractSchema('GET /api/messages/unread-count') },
    async (request) => ({ count: await unreadMessageCount(db, requireMember(request).id) }),
  );

  app.get(
    '/message-threads',
    { onRequest: memberOnly, schema: contractSchema('GET /api/message-threads') },
    async (request) => listThreads(db, requireMember(request).id, ctx.database.pool),
  );

  // 201 for a new conversation; 200 when the message went into the one the two members
  // already have about this puzzle.
  app.post(
    '/message-threads',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/message-threads', { response: errorAnswers(404) }),
      config: postingLimit,
    },
    async (request, reply) => {
      const { thread, created } = await startConversation(ctx, requireMember(request).id, request.body, request.log);
      return reply.status(created ? 201 : 200).send(thread);
    },
  );

  // A message to a member from their page: 201 for a new conversation, 200 when it went into
  // the one the two members already have (decision 0028).
  app.post(
    '/message-threads/direct',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/message-threads/direct', { response: errorAnswers(404) }),
      config: postingLimit,
    },
    async (request, reply) => {
      const { thread, created } = await messageMember(ctx, requireMember(request), request.body, request.log);
      return reply.status(created ? 201 : 200).send(thread);
    },
  );

  app.get(
    '/message-threads/:threadId/messages',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/message-threads/:threadId/messages', {
        params: threadParams,
        response: errorAnswers(404),
      }),
    },
    async (request) => listMessages(db, requireMember(request).id, request.params.threadId, ctx.database.pool),
  );

  app.post(
    '/message-threads/:threadId/messages',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/message-threads/:threadId/messages', {
        params: threadParams,
        response: errorAnswers(404),
      }),
      config: postingLimit,
    },
    async (request, reply) => {
      const member = requireMember(request);
      const message = await postMessage(ctx, member.id, request.params.threadId, request.body.content, request.log);
      return reply.status(201).send(message);
    },
  );

  /** Opening a thread marks it read; the answer is the member's new unread total for the badge. */
  app.post(
    '/message-threads/:threadId/mark-read',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/message-threads/:threadId/mark-read', {
        params: threadParams,
        response: errorAnswers(404),
      }),
    },
    async (request) => markThreadRead(ctx, requireMember(request).id, request.params.threadId, request.log),
  );
}
