import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSuspended } from '../../domain/admin';
import type { AppContext } from '../app-context';
// For the request.member declaration; requireMember and memberOnly live there too.
import '../http/route-helpers';
import { createSession, deleteSession, findSessionMember } from './sessions-repository';

export const SESSION_COOKIE = 'jc_session';

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('member', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await findSessionMember(ctx.database.db, token);
    // A suspension ends the member's sessions as it starts; this also ends one begun while
    // the suspension was being written.
    if (found && isSuspended(found.member)) {
      await deleteSession(ctx.database.db, token);
      return;
    }
    request.member = found?.member ?? null;
  });
}

function cookieOptions(ctx: AppContext) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.appUrl.startsWith('https://'),
  };
}

/** Starts a new session (a new id every sign-in) and sets its cookie. */
export async function signIn(ctx: AppContext, reply: FastifyReply, userId: number, remember: boolean): Promise<void> {
  const previous = reply.request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(ctx.database.db, previous);
  const { token, expire } = await createSession(ctx.database.db, userId, remember);
  // Without remember-me the cookie lives until the browser closes (the server ends it after 24 h idle).
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx), ...(remember ? { expires: expire } : {}) });
}

export async function signOut(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(ctx.database.db, token);
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx));
}
