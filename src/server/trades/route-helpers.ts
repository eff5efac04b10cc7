import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { requireMember } from '../auth/session-plugin';
import type { RequestMeta } from './trade-notices';

// Small pieces shared by the trade, feedback, notification and admin dispute routes.

const INT_MAX = 2_147_483_647;

export const idParams = z.object({ id: z.string() });

/** An id from the path; anything that cannot be one is simply not found. */
export function parseId(raw: string, message: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > INT_MAX) throw new AppError('NOT_FOUND', message);
  return id;
}

/** Route hook: 401 before anything else (a signed-out caller learns nothing from a 400). */
export async function memberOnly(request: FastifyRequest): Promise<void> {
  requireMember(request);
}

/** Who did it, for the audit trail. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null, ipAddress: request.ip ?? null };
}
