import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSchema } from '../../domain/fields';
import {
  createThreadSchema,
  directMessageSchema,
  messageContentSchema,
  messageViewSchema,
  threadViewSchema,
} from '../../domain/messages';
import type { AppContext } from '../app-context';
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
    { onRequest: memberOnly, schema: { response: { 200: countSchema } } },
    async (request) => ({ count: await unreadMessageCount(db, requireMember(request).id) }),
  );

  app.get(
    '/message-threads',
    { onRequest: memberOnly, schema: { response: { 200: z.array(threadViewSchema) } } },
    async (request) => listThreads(db, requireMember(request).id),
  );

  // 201 for a new conversation; 200 when the message went into the one the two members
  // already have about this puzzle.
  app.post(
    '/message-threads',
    {
      onRequest: memberOnly,
      schema: {
        body: createThreadSchema,
        response: { 200: threadViewSchema, 201: threadViewSchema, ...errorAnswers(404) },
      },
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
      schema: {
        body: directMessageSchema,
        response: { 200: threadViewSchema, 201: threadViewSchema, ...errorAnswers(404) },
      },
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
      schema: { params: threadParams, response: { 200: z.array(messageViewSchema), ...errorAnswers(404) } },
    },
    async (request) => listMessages(db, requireMember(request).id, request.params.threadId),
  );

  app.post(
    '/message-threads/:threadId/messages',
    {
      onRequest: memberOnly,
      schema: {
        params: threadParams,
        body: messageContentSchema,
        response: { 201: messageViewSchema, ...errorAnswers(404) },
      },
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
    { onRequest: memberOnly, schema: { params: threadParams, response: { 200: countSchema, ...errorAnswers(404) } } },
    async (request) => markThreadRead(ctx, requireMember(request).id, request.params.threadId, request.log),
  );
}
