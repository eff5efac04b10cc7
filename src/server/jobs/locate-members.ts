import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { locateDueMembers } from '../geo/geo-service';
import { createLogger } from '../http/logging';
import { startPeriodicJob } from './periodic-job';

// Members whose postcode is not yet a point (the service was down or slow when they saved, or
// they had a postcode before distances existed) are looked up again when due
// (docs/product/near-me.md#where-a-member-is). The due time is the row's own
// locate_due_at; every process runs the job and each member is claimed once (geo-repository.ts).

export const LOCATE_INTERVAL_MS = 5 * 60 * 1000;
const FIRST_DELAY_MS = 20 * 1000;

export function startMemberLocator(
  ctx: AppContext,
  log: FastifyBaseLogger = createLogger('silent'),
): () => Promise<void> {
  return startPeriodicJob(
    async () => {
      const r = await locateDueMembers({ db: ctx.database.db, config: ctx.config, log });
      if (r.located + r.unknown + r.failed > 0) log.info(r, 'member locator');
    },
    {
      intervalMs: LOCATE_INTERVAL_MS,
      firstDelayMs: FIRST_DELAY_MS,
      onError: (err) => log.error({ err }, 'member locator failed'),
    },
  );
}
