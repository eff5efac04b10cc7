import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app';
import { createSession, deleteSession, findSessionMember, type MemberRow } from './sessions-repository';

export const SESSION_COOKIE = 'jc_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null. Loaded once per API request. */
    member: MemberRow | null;
  }
}

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('member', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await findSessionMember(ctx.database.db, token);
    request.member = found?.member ?? null;
  });
}

/** The signed-in member, or a 401 for the caller. */
export function requireMember(request: FastifyRequest): MemberRow {
  if (!request.member) throw new AppError('UNAUTHENTICATED');
  return request.member;
}

export function requireAdmin(request: FastifyRequest): MemberRow {
  const member = requireMember(request);
  if (!member.isAdmin) throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return member;
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
