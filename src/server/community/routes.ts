import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POST_RATE_LIMIT_MESSAGE, REPLY_RATE_LIMIT_MESSAGE } from '../../domain/community';
import { LIKES_PER_HOUR, LIKES_RATE_LIMIT_MESSAGE } from '../../domain/constants';
import type { AppContext } from '../app-context';
import {
  adminOnly,
  errorAnswers,
  idParam,
  memberOnly,
  perMemberEditLimit,
  perMemberRateLimit,
  requireMember,
} from '../http/route-helpers';
import { contractSchema } from '../http/route-contract';
import { noticesFor } from '../notices/notices';
import { listActivities } from './community-activity-service';
import { flagItem } from './community-flags-service';
import { toggleLike } from './community-likes-service';
import { setPostFlag } from './community-moderation-service';
import { createPost, deletePost, listPosts, openPost, updatePost } from './community-posts-service';
import { POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE } from './community-refusals';
import { createReply, deleteReply, listReplies, updateReply } from './community-replies-service';

// docs/product/community.md: the forum and the activity feed. Every call needs a member; the service
// decides who may see and change what (hidden items: admins only; edits: author or admin).

const HOUR = 60 * 60 * 1000;
/** Per member per hour (docs/product/community.md#limits). */
export const POSTS_PER_HOUR = 10;
export const REPLIES_PER_HOUR = 60;

const postParams = z.object({ postId: idParam('NOT_FOUND', POST_NOT_FOUND_MESSAGE) });
const replyParams = z.object({ replyId: idParam('NOT_FOUND', REPLY_NOT_FOUND_MESSAGE) });
/** Per member per hour (decision 0026). */
const likeLimit = perMemberRateLimit(LIKES_PER_HOUR, HOUR, LIKES_RATE_LIMIT_MESSAGE);

export async function communityRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const deps = (request: { log: FastifyInstance['log'] }) => ({
    db,
    notices: noticesFor(ctx, request.log),
    pictures: ctx.pictures,
  });

  app.get(
    '/community/posts',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/community/posts'),
    },
    async (request) => listPosts(db, ctx.database.pool, requireMember(request), request.query),
  );

  app.post(
    '/community/posts',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/community/posts'),
      config: perMemberRateLimit(POSTS_PER_HOUR, HOUR, POST_RATE_LIMIT_MESSAGE),
    },
    async (request, reply) => {
      const post = await createPost(deps(request), requireMember(request), request.body);
      return reply.status(201).send(post);
    },
  );

  app.get(
    '/community/posts/:postId',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/community/posts/:postId', { params: postParams, response: errorAnswers(404) }),
    },
    async (request) => openPost(db, ctx.database.pool, requireMember(request), request.params.postId),
  );

  app.patch(
    '/community/posts/:postId',
    {
      onRequest: memberOnly,
      schema: contractSchema('PATCH /api/community/posts/:postId', { params: postParams, response: errorAnswers(404) }),
      config: perMemberEditLimit(),
    },
    async (request) => updatePost(deps(request), requireMember(request), request.params.postId, request.body),
  );

  app.delete(
    '/community/posts/:postId',
    {
      onRequest: memberOnly,
      schema: contractSchema('DELETE /api/community/posts/:postId', {
        params: postParams,
        response: errorAnswers(404),
      }),
    },
    async (request, reply) => {
      await deletePost(deps(request), requireMember(request), request.params.postId, new Date(), request.query.note);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/community/posts/:postId/replies',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/community/posts/:postId/replies', {
        params: postParams,
        response: errorAnswers(404),
      }),
    },
    async (request) => listReplies(db, ctx.database.pool, requireMember(request), request.params.postId),
  );

  app.post(
    '/community/posts/:postId/replies',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/community/posts/:postId/replies', {
        params: postParams,
        response: errorAnswers(404, 409),
      }),
      config: perMemberRateLimit(REPLIES_PER_HOUR, HOUR, REPLY_RATE_LIMIT_MESSAGE),
    },
    async (request, reply) => {
      const created = await createReply(deps(request), requireMember(request), request.params.postId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/community/replies/:replyId',
    {
      onRequest: memberOnly,
      schema: contractSchema('PATCH /api/community/replies/:replyId', {
        params: replyParams,
        response: errorAnswers(404),
      }),
      config: perMemberEditLimit(),
    },
    async (request) => updateReply(deps(request), requireMember(request), request.params.replyId, request.body),
  );

  app.delete(
    '/community/replies/:replyId',
    {
      onRequest: memberOnly,
      schema: contractSchema('DELETE /api/community/replies/:replyId', {
        params: replyParams,
        response: errorAnswers(404),
      }),
    },
    async (request, reply) => {
      await deleteReply(deps(request), requireMember(request), request.params.replyId, new Date(), request.query.note);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/community/like',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/community/like', { response: errorAnswers(404) }),
      config: likeLimit,
    },
    async (request) => toggleLike(deps(request), requireMember(request), request.body),
  );

  app.post(
    '/community/posts/:postId/pin',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/community/posts/:postId/pin', {
        params: postParams,
        response: errorAnswers(404),
      }),
    },
    async (request) =>
      setPostFlag(deps(request), requireMember(request), request.params.postId, { isPinned: request.body.isPinned }),
  );

  app.post(
    '/community/posts/:postId/lock',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/community/posts/:postId/lock', {
        params: postParams,
        response: errorAnswers(404),
      }),
    },
    async (request) =>
      setPostFlag(deps(request), requireMember(request), request.params.postId, { isLocked: request.body.isLocked }),
  );

  app.post(
    '/community/flags',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/community/flags', { response: errorAnswers(404, 409) }),
    },
    async (request, reply) =>
      reply.status(201).send(await flagItem(deps(request), requireMember(request), request.body)),
  );

  app.get(
    '/community/activities',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/community/activities'),
    },
    async (request) => listActivities(db, request.query),
  );
}
