import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { removeUnusedPictures } from '../uploads/unused-pictures-service';
import { startPeriodicJob } from './periodic-job';

// Pictures nothing refers to, a day after their upload, are removed every hour (decision
// 0026). Every app process runs the job; each picture is removed once, by the process that
// locked its row (SKIP LOCKED), so two processes share the work instead of doing it twice.

export const UNUSED_PICTURES_INTERVAL_MS = 60 * 60 * 1000;
/** The first run waits, so it never competes with start-up itself. */
const FIRST_DELAY_MS = 60 * 1000;

/** Starts the job; the returned function stops it and waits for a run in progress. */
export function startUnusedPictureRemover(ctx: AppContext, log?: FastifyBaseLogger): () => Promise<void> {
  return startPeriodicJob(
    async () => {
      const { removed } = await removeUnusedPictures({ db: ctx.database.db, pictures: ctx.pictures });
      if (removed > 0) log?.info({ removed }, 'removed unused pictures');
    },
    {
      intervalMs: UNUSED_PICTURES_INTERVAL_MS,
      firstDelayMs: FIRST_DELAY_MS,
      onError: (err) => log?.error({ err }, 'removing unused pictures failed'),
    },
  );
}
