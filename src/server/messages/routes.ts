import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { createThreadSchema, messageContentSchema } from '../../domain/messages';
import type { AppContext } from '../app';
import { requireMember } from '../auth/session-plugin';
import { eventRoutes } from '../events/routes';
import { countUnreadMessages } from './messages-repository';
import { messageViewSchema, threadViewSchema } from './message-views';
import {
  listMessages,
  listThreads,
  markThreadRead,
  postMessage,
  startConversation,
  THREAD_NOT_FOUND,
} from './messages-service';

// Spec §7's messaging calls and CONTRACT §4's live updates. Every call needs a member; the
// service decides who may see a thread (participants only; 404 for anyone else).

/** Per member, not per IP: a club night on one Wi-Fi must not share one allowance. */
export const MESSAGES_PER_MINUTE = 30;

const threadParams = z.object({ threadId: z.string() });
const countSchema = z.object({ count: z.number() });
const INT_MAX = 2_147_483_647;

/** A thread id from the path; anything that cannot be one is simply not found. */
function parseThreadId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > INT_MAX) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return id;
}

// Route-level, before body validation: a signed-out caller gets 401, not a 400 about its body.
const signedIn = async (request: FastifyRequest) => {
  requireMember(request);
};

const postingLimit = {
  rateLimit: {
    max: MESSAGES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: { member: { id: number } | null; ip: string }) =>
      `member:${request.member?.id ?? request.ip}`,
    errorResponseBuilder: () =>
      new AppError('RATE_LIMITED', 'You are sending messages very quickly. Please wait a minute and try again.'),
  },
};

export async function messageRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get('/messages/unread-count', { schema: { response: { 200: countSchema } } }, async (request) => {
    const member = requireMember(request);
    return { count: await countUnreadMessages(db, member.id) };
  });

  app.get('/message-threads', { schema: { response: { 200: z.array(threadViewSchema) } } }, async (request) =>
    listThreads(db, requireMember(request).id),
  );

  app.post(
    '/message-threads',
    {
      schema: { body: createThreadSchema, response: { 200: threadViewSchema, 201: threadViewSchema } },
      preValidation: signedIn,
      config: postingLimit,
    },
    async (request, reply) => {
      const member = requireMember(request);
      const { thread, created } = await startConversation(ctx, member.id, request.body, request.log);
      // 200: the message went into the conversation the two already had about this puzzle.
      return reply.status(created ? 201 : 200).send(thread);
    },
  );

  app.get(
    '/message-threads/:threadId/messages',
    { schema: { params: threadParams, response: { 200: z.array(messageViewSchema) } } },
    async (request) => {
      const member = requireMember(request);
      return listMessages(db, member.id, parseThreadId(request.params.threadId));
    },
  );

  app.post(
    '/message-threads/:threadId/messages',
    {
      schema: { params: threadParams, body: messageContentSchema, response: { 201: messageViewSchema } },
      preValidation: signedIn,
      config: postingLimit,
    },
    async (request, reply) => {
      const member = requireMember(request);
      const threadId = parseThreadId(request.params.threadId);
      return reply.status(201).send(await postMessage(ctx, member.id, threadId, request.body.content, request.log));
    },
  );

  app.post(
    '/message-threads/:threadId/mark-read',
    { schema: { params: threadParams, response: { 200: countSchema } } },
    async (request) => {
      const member = requireMember(request);
      return markThreadRead(ctx, member.id, parseThreadId(request.params.threadId), request.log);
    },
  );

  await eventRoutes(parent, ctx);
}
