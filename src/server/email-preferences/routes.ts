import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unsubscribeInfoSchema, unsubscribeQuerySchema } from '../../domain/email-preferences';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app-context';
import { memberOnly, perMemberEditLimit, requireMember } from '../http/route-helpers';
import { contractSchema } from '../http/route-contract';
import { unsubscribeSecret } from '../mail/unsubscribe-token';
import {
  notificationPreferences,
  unsubscribe,
  unsubscribeInfo,
  updateNotificationPreferences,
} from './email-preferences-service';
import { unsubscribeDonePage, unsubscribeRefusedPage, unsubscribeAskPage } from './unsubscribe-page';

// docs/api/email.md: the member's e-mail choices, and the e-mails' one-click unsubscribe
// (RFC 8058): no sign-in, no CSRF token (mail providers POST it themselves: http/csrf.ts lets
// this one path through), the signed token is the only authority and it signs nobody in.

const ONE_CLICK = 'List-Unsubscribe=One-Click';

export async function emailPreferenceRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/notification-preferences',
    { onRequest: memberOnly, schema: contractSchema('GET /api/notification-preferences') },
    async (request) => notificationPreferences(db, requireMember(request).id),
  );

  app.patch(
    '/notification-preferences',
    {
      onRequest: memberOnly,
      schema: contractSchema('PATCH /api/notification-preferences'),
      config: perMemberEditLimit(),
    },
    async (request) => updateNotificationPreferences(db, requireMember(request).id, request.body),
  );

  // Its own scope: the unsubscribe body is a form (RFC 8058), read only here. Outside the
  // route contract (docs/decisions/0029), like the event stream: the GET is the page an
  // e-mail's link opens, the POST a mail program's form post; the web never calls them.
  await parent.register(async (scope) => unsubscribeRoutes(scope, ctx));
}

async function unsubscribeRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const secret = () => unsubscribeSecret(db, ctx.config.unsubscribeSecret);
  parent.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** A page for a person (their browser asks for HTML); the JSON answer for anything else. */
  const wantsPage = (accept: string | undefined) => /text\/html/.test(accept ?? '');
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  app.get(
    '/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema, response: { 200: unsubscribeInfoSchema } } },
    async (request, reply) => {
      const html = wantsPage(request.headers.accept);
      try {
        const info = await unsubscribeInfo(db, await secret(), request.query.token);
        return html ? page(reply, 200, unsubscribeAskPage(ctx.config.appUrl, info, request.query.token)) : info;
      } catch (err) {
        if (html && err instanceof AppError) return page(reply, 400, unsubscribeRefusedPage(ctx.config.appUrl));
        throw err;
      }
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        querystring: unsubscribeQuerySchema,
        body: z.object(
          { 'List-Unsubscribe': z.literal('One-Click', { error: `The body must be ${ONE_CLICK}` }) },
          { error: `The body must be ${ONE_CLICK}` },
        ),
        response: { 200: unsubscribeInfoSchema },
      },
    },
    async (request, reply) => {
      const html = wantsPage(request.headers.accept);
      try {
        const info = await unsubscribe(db, await secret(), request.query.token);
        return html ? page(reply, 200, unsubscribeDonePage(ctx.config.appUrl, info)) : info;
      } catch (err) {
        if (html && err instanceof AppError) return page(reply, 400, unsubscribeRefusedPage(ctx.config.appUrl));
        throw err;
      }
    },
  );
}
