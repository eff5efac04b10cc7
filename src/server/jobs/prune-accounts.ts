import { lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import type { DbOrTx } from '../db/client';
import { authTokens, loginAttempts, sessions } from '../db/schema';
import { startPeriodicJob } from './periodic-job';

// Sign-in leftovers are deleted once nothing can use them: expired sessions, link tokens
// used or expired more than a day ago (kept a day so a support question about a link can
// still be answered), and sign-in attempts older than a day. Every app process prunes; the
// deletes are idempotent, so two processes pruning at once only do the work twice.

export const ACCOUNT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** The first run waits, so it never competes with start-up itself. */
export const ACCOUNT_PRUNE_FIRST_DELAY_MS = 30 * 1000;
/**
 * How long used or expired tokens and old sign-in attempts are kept: longer than the
 * failed-sign-in window (FAILED_SIGN_IN_WINDOW_MS), whose count they are.
 */
export const ACCOUNT_RECORDS_KEPT_MS = 24 * 60 * 60 * 1000;

export type PruneResult = { sessions: number; tokens: number; loginAttempts: number };

/** One prune at `now` (injectable, so tests need not wait a day). */
export async function pruneAccounts(db: DbOrTx, now: Date = new Date()): Promise<PruneResult> {
  const cutoff = new Date(now.getTime() - ACCOUNT_RECORDS_KEPT_MS);
  const deletedSessions = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  const deletedTokens = await db
    .delete(authTokens)
    .where(or(lt(authTokens.usedAt, cutoff), lt(authTokens.expiresAt, cutoff)))
    .returning({ id: authTokens.id });
  const deletedAttempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, cutoff))
    .returning({ id: loginAttempts.id });
  return { sessions: deletedSessions.length, tokens: deletedTokens.length, loginAttempts: deletedAttempts.length };
}

/** Starts the pruner; the returned function stops it and waits for a run in progress. */
export function startAccountPruner(
  ctx: AppContext,
  log?: FastifyBaseLogger,
  intervalMs = ACCOUNT_PRUNE_INTERVAL_MS,
  firstDelayMs = ACCOUNT_PRUNE_FIRST_DELAY_MS,
): () => Promise<void> {
  return startPeriodicJob(
    async () => {
      const r = await pruneAccounts(ctx.database.db);
      if (r.sessions + r.tokens + r.loginAttempts > 0) log?.info(r, 'pruned old sign-in records');
    },
    { intervalMs, firstDelayMs, onError: (err) => log?.error({ err }, 'pruning old sign-in records failed') },
  );
}
