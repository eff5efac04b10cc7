import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { refreshRatingsTurnedVisible } from '../feedback/feedback-service';
import { createLogger } from '../http/logging';
import { drainNotices, noticesFor } from '../notices/notices';
import { applyTradeCommand } from '../trades/trade-life-cycle-service';
import { tradesDue } from '../trades/trades-service';
import { startPeriodicJob } from './periodic-job';

// The trade clocks (docs/product/trades.md#clocks): a pending request unanswered for 7 days expires, a shipped trade
// neither confirmed nor disputed within 21 days completes (and pays the owner), and an accepted
// trade not sent within 7 days cancels itself, its owner reminded at half time
// (docs/product/trust.md#the-posting-deadline). The timers
// are the rows' own expires_at / auto_complete_at, so a restart loses nothing: the first
// sweep after start-up catches up. Every app process sweeps; each trade is still handled
// once, because each step locks its rows with SKIP LOCKED and re-checks status and time
// under the lock (a trade another process or a member got to first is skipped).

export const TRADE_SWEEP_INTERVAL_MS = 60 * 1000;
// The first sweep (catching up on whatever fell due while the app was stopped) waits a few
// seconds, so it never competes with start-up itself.
export const TRADE_SWEEP_FIRST_DELAY_MS = 5 * 1000;
const BATCH = 100;
// Ratings are refreshed for feedback whose 14 days ran out in this window (generous, so a
// club that was switched off for a few days still catches up).
const REPUTATION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type SweepResult = { expired: number[]; autoCompleted: number[]; notSent: number[]; reminded: number[] };

const silent = createLogger('silent');

/** One sweep at `now` (injectable, so tests need not wait 7 or 21 days). */
export async function sweepTrades(
  ctx: AppContext,
  now: Date = new Date(),
  log: FastifyBaseLogger = silent,
): Promise<SweepResult> {
  const db = ctx.database.db;
  const deps = { db, notices: noticesFor(ctx, log) };
  const result: SweepResult = { expired: [], autoCompleted: [], notSent: [], reminded: [] };
  const jobs = [
    { action: 'expire' as const, done: result.expired },
    { action: 'auto-complete' as const, done: result.autoCompleted },
    // The posting deadline (docs/product/trust.md#the-posting-deadline): cancellations first, so
    // a trade past both its half time and its deadline is cancelled, not reminded.
    { action: 'ship-deadline' as const, done: result.notSent },
    { action: 'ship-reminder' as const, done: result.reminded },
  ];
  for (const job of jobs) {
    const tried = new Set<number>();
    for (;;) {
      const ids = (await tradesDue(db, job.action, now, BATCH)).filter((id) => !tried.has(id));
      if (ids.length === 0) break;
      for (const id of ids) {
        tried.add(id);
        try {
          const step = await applyTradeCommand(deps, id, { kind: 'system' }, { action: job.action }, { now });
          if (!step) continue; // another process has it, or a member acted first
          job.done.push(id);
        } catch (err) {
          // One bad trade must not stop the others; it is tried again next sweep.
          log.error({ err, tradeRequestId: id, action: job.action }, 'scheduled trade step failed');
        }
      }
    }
  }
  await refreshRatingsTurnedVisible(deps, now, REPUTATION_WINDOW_MS);
  // The sweep ends when its notices are out (a job has nobody waiting for an answer).
  await drainNotices(ctx);
  return result;
}

/** Starts the sweeper (first run soon after start-up); the returned function stops it and waits for a run in progress. */
export function startTradeSweeper(
  ctx: AppContext,
  log?: FastifyBaseLogger,
  intervalMs = TRADE_SWEEP_INTERVAL_MS,
  firstDelayMs = TRADE_SWEEP_FIRST_DELAY_MS,
): () => Promise<void> {
  const logger = log ?? silent;
  return startPeriodicJob(
    async () => {
      const r = await sweepTrades(ctx, new Date(), logger);
      if (r.expired.length + r.autoCompleted.length + r.notSent.length + r.reminded.length > 0) {
        logger.info(
          {
            expired: r.expired.length,
            autoCompleted: r.autoCompleted.length,
            notSent: r.notSent.length,
            reminded: r.reminded.length,
          },
          'trade sweep',
        );
      }
    },
    { intervalMs, firstDelayMs, onError: (err) => logger.error({ err }, 'trade sweep failed') },
  );
}
