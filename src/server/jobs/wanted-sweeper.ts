import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { createLogger } from '../http/logging';
import { awaitableNoticesFor, drainNotices } from '../notices/notices';
import { matchLeftoverListings } from '../wanted/wanted-matching-service';
import { expireDueOffers } from '../wanted/wish-offers-service';
import { startPeriodicJob } from './periodic-job';

// Wanted's clocks (docs/product/wanted.md#the-first-offer), as the trade sweeper's: each first
// offer carries its own end, and every app process sweeps. An offer whose time has run out
// moves to the next in line; a listing queued for matching that no process matched (it
// stopped after the publish committed) is matched now. Each is claimed under row locks with
// SKIP LOCKED and re-checked under the lock, so it happens once however many processes run.

export const WANTED_SWEEP_INTERVAL_MS = 60 * 1000;
export const WANTED_SWEEP_FIRST_DELAY_MS = 5 * 1000;
/** A queued listing younger than this is left to the process that published it (after its answer). */
export const LEFTOVER_AFTER_MS = 30 * 1000;

export type WantedSweepResult = { offersMoved: number[]; listingsMatched: number[] };

const silent = createLogger('silent');

/** One sweep at `now` (injectable: tests move the clock instead of waiting 48 hours). */
export async function sweepWanted(
  ctx: AppContext,
  now: Date = new Date(),
  log: FastifyBaseLogger = silent,
  leftoverAfterMs = LEFTOVER_AFTER_MS,
): Promise<WantedSweepResult> {
  const deps = { db: ctx.database.db, notices: awaitableNoticesFor(ctx, log) };
  const listingsMatched = await matchLeftoverListings(deps, log, new Date(now.getTime() - leftoverAfterMs), now);
  const offersMoved = await expireDueOffers(deps, now);
  await drainNotices(ctx);
  return { offersMoved, listingsMatched };
}

/** Starts the sweeper; the returned function stops it and waits for a run in progress. */
export function startWantedSweeper(
  ctx: AppContext,
  log?: FastifyBaseLogger,
  intervalMs = WANTED_SWEEP_INTERVAL_MS,
  firstDelayMs = WANTED_SWEEP_FIRST_DELAY_MS,
): () => Promise<void> {
  const logger = log ?? silent;
  return startPeriodicJob(
    async () => {
      const r = await sweepWanted(ctx, new Date(), logger);
      // At info only when it did something; every sweep at debug (the process tests wait for it).
      const level = r.offersMoved.length + r.listingsMatched.length > 0 ? 'info' : 'debug';
      logger[level]({ offersMoved: r.offersMoved.length, listingsMatched: r.listingsMatched.length }, 'wanted sweep');
    },
    { intervalMs, firstDelayMs, onError: (err) => logger.error({ err }, 'wanted sweep failed') },
  );
}
