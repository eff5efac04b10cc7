import type { FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { EDITS_PER_HOUR, EDITS_RATE_LIMIT_MESSAGE, HOUR_MS } from '../../domain/constants';
import { AppError, ERROR_CODES, errorBodySchema } from '../../domain/errors';
import { ID_MAX } from '../../domain/fields';
import type { User } from '../db/schema';

// The pieces every route file shares: one id parameter, one way to require a member or an
// administrator, and who made the request (for the audit trail).

// The same bound as idField for ids in bodies (src/domain/fields.ts).
export { ID_MAX };
const ID_TEXT = /^\d{1,10}$/;

type NotFoundCode = 'NOT_FOUND' | 'LISTING_NOT_FOUND';

/**
 * A row id in the path, as a number. Anything that cannot be one (letters, 0, '1e3', a
 * number past ID_MAX) names nothing, so it is answered like an id that does not exist: 404
 * with the route's own message, not a 400 about the address (the error handler reads the
 * `notFound` mark).
 */
export function idParam(code: NotFoundCode = 'NOT_FOUND', message: string = ERROR_CODES[code].message) {
  return z
    .string()
    .transform((raw, ctx) => {
      const id = ID_TEXT.test(raw) ? Number(raw) : 0;
      if (id >= 1 && id <= ID_MAX) return id;
      ctx.issues.push({ code: 'custom', input: raw, message, params: { notFound: code } });
      return z.NEVER;
    })
    .meta({ description: `A positive whole number, at most ${ID_MAX}`, pattern: '^[0-9]{1,10}$' });
}

/** The `notFound` mark idParam leaves on a failed path id, if any of these issues has one. */
export function notFoundIssue(
  issues: readonly { message?: string; params?: Record<string, unknown> }[],
): AppError | null {
  for (const issue of issues) {
    const inner = issue.params?.params as { notFound?: NotFoundCode } | undefined;
    if (inner?.notFound) return new AppError(inner.notFound, issue.message);
  }
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null. Loaded once per API request (auth/session-plugin.ts). */
    member: User | null;
  }
}

/** The signed-in member, or a 401 for the caller. */
export function requireMember(request: FastifyRequest): User {
  if (!request.member) throw new AppError('UNAUTHENTICATED');
  return request.member;
}

/** The signed-in administrator: 401 for a visitor, 403 for a member. */
export function requireAdmin(request: FastifyRequest): User {
  const member = requireMember(request);
  if (!member.isAdmin) throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return member;
}

/**
 * Route hook (`onRequest: memberOnly`): 401 before anything else runs, so a signed-out caller
 * learns nothing from a 400 about its body. Handlers then read the member with requireMember.
 */
export async function memberOnly(request: FastifyRequest): Promise<void> {
  requireMember(request);
}

/** Route hook (`onRequest: adminOnly`): 401 for a visitor, 403 for a member, before anything else. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/**
 * A route's rate limit counted per member (`config: perMemberRateLimit(…)`), answered with
 * `message` and 429. A visitor is counted by address (memberOnly refuses them anyway). Per
 * member because a club night shares one address: one member's burst must not use up
 * everyone's allowance.
 */
export function perMemberRateLimit(max: number, timeWindowMs: number, message: string) {
  return {
    rateLimit: {
      max,
      timeWindow: timeWindowMs,
      keyGenerator: (request: FastifyRequest) => (request.member ? `member:${request.member.id}` : `ip:${request.ip}`),
      errorResponseBuilder: () => new AppError('RATE_LIMITED', message),
    },
  };
}

/**
 * The limit on editing something a member wrote (a post, a reply, a listing, their profile):
 * EDITS_PER_HOUR per member per hour, each route its own count (decision 0026).
 */
export function perMemberEditLimit() {
  return perMemberRateLimit(EDITS_PER_HOUR, HOUR_MS, EDITS_RATE_LIMIT_MESSAGE);
}

/** Who made a request, for the audit trail (absent for the scheduler). */
export type RequestMeta = { userAgent: string | null; ipAddress: string | null };

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null, ipAddress: request.ip ?? null };
}

// ---------------------------------------------------------------------------------------
// Error answers, declared as response schemas (for the API document and the serializer)

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** The error answers a route's own rules give (404 not found, 409 conflict…), each the club's error body. */
export function errorAnswers<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * onRoute hook for the API: what a route shares with every route of its kind, so no route
 * has to repeat it. The error answers: every route can fail (500); a route that reads input
 * can refuse it (400); memberOnly and adminOnly refuse visitors (401) and adminOnly members
 * (403); a mutating call can come from another site (403), with a body too large (413) or not
 * JSON (415), or meet a transaction conflict that outlived its retry (503: try again); a
 * rate-limited route can say 'too many' (429). And, for the API document, who
 * may call it: memberOnly and adminOnly routes need the session cookie.
 */
export function declareSharedContract(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as NonNullable<RouteOptions['schema']> & {
    security?: Array<Record<string, string[]>>;
    description?: string;
  };
  const response = (schema.response ??= {}) as Record<string, unknown>;
  const add = (status: ErrorStatus) => {
    response[status] ??= errorBodySchema;
  };
  const hooks = [route.onRequest ?? []].flat();
  const unsafe = [route.method].flat().some((method) => UNSAFE_METHODS.has(method));
  const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  if (schema.body || schema.querystring || schema.params || unsafe) add(400);
  if (hooks.includes(memberOnly) || hooks.includes(adminOnly)) add(401);
  if (hooks.includes(adminOnly) || unsafe) add(403);
  if (unsafe) {
    add(413);
    add(415);
    add(503);
  }
  if (rateLimited) add(429);
  add(500);
  if (hooks.includes(memberOnly) || hooks.includes(adminOnly)) schema.security ??= [{ session: [] }];
  if (hooks.includes(adminOnly)) schema.description ??= 'Administrators only.';
}
