import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { pruneRateLimitHits } from '../http/hit-counter';
import { startPeriodicJob } from './periodic-job';

// Ended rate-limit windows (rate_limit_hits, PostgreSQL only) are deleted every ten minutes,
// so the table holds about one window's worth of keys. A hit on an ended window restarts it
// by itself; this only keeps the table small. Every process prunes; the delete is idempotent.

export const RATE_LIMIT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** Starts the pruner on PostgreSQL (nothing to do on the embedded database, which counts in memory). */
export function startRateLimitPruner(
  ctx: AppContext,
  log?: FastifyBaseLogger,
  intervalMs = RATE_LIMIT_PRUNE_INTERVAL_MS,
): () => Promise<void> {
  if (ctx.database.kind !== 'postgres') return async () => {};
  return startPeriodicJob(
    async () => {
      const pruned = await pruneRateLimitHits(ctx.database.db);
      if (pruned > 0) log?.debug({ pruned }, 'pruned ended rate-limit windows');
    },
    { intervalMs, onError: (err) => log?.error({ err }, 'pruning rate-limit windows failed') },
  );
}
