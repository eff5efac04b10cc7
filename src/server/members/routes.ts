import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '../../domain/admin';
import type { AppContext } from '../app-context';
import { contractSchema } from '../http/route-contract';
import { errorAnswers, idParam, memberOnly, perMemberEditLimit, requireMember } from '../http/route-helpers';
import { memberDirectory, memberPage, myProfileSettings, updateMyProfileSettings } from './member-pages-service';
import { MEMBER_NOT_FOUND_MESSAGE } from './members-service';

// docs/product/members.md, docs/api/members.md: the directory and member pages are for members (401 signed out).

const memberParams = z.object({ id: idParam('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE) });

export async function memberRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/members',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/members'),
    },
    async (request, reply) => {
      const { members, total } = await memberDirectory(db, request.query);
      // The answer stays the array it always was; the total rides in a header, as the admin lists' do.
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return members;
    },
  );

  // No id in the path: a member only ever reads or changes their own settings. Fastify
  // prefers these static segments over /members/:id.
  app.get(
    '/members/me/profile',
    { onRequest: memberOnly, schema: contractSchema('GET /api/members/me/profile') },
    async (request) => myProfileSettings(db, requireMember(request).id),
  );

  app.patch(
    '/members/me/profile',
    {
      onRequest: memberOnly,
      schema: contractSchema('PATCH /api/members/me/profile'),
      config: perMemberEditLimit(),
    },
    async (request) => updateMyProfileSettings(db, requireMember(request).id, request.body, ctx.pictures),
  );

  app.get(
    '/members/:id',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/members/:id', { params: memberParams, response: errorAnswers(404) }),
    },
    async (request) => memberPage(db, request.params.id, requireMember(request)),
  );
}
