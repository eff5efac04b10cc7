import type { FastifyBaseLogger } from 'fastify';
import { DIGEST_KINDS, type DigestKind } from '../../domain/email-preferences';
import { digestPeriod, sendDigests, type DigestDeps } from '../digests/digests-service';
import { startPeriodicJob } from './periodic-job';

// The digests' scheduler (docs/product/email.md#digests): every app process looks each minute
// whether a digest period has begun (07:00 club time daily, Monday 07:00 weekly) and sends
// what is not yet sent; the digests_sent rows make each member's digest go once across
// processes. A period is caught up for a few hours after its start (a process started late
// in the morning still sends it); after that, the next digest covers the gap.

export const DIGEST_JOB_INTERVAL_MS = 60 * 1000;
export const DIGEST_CATCH_UP_MS = 6 * 60 * 60 * 1000;

/** One look at `now`: sends the periods begun and not yet done here. `done` remembers them, so a quiet minute reads nothing. */
export async function runDigests(
  deps: DigestDeps,
  now: Date,
  done: Set<string> = new Set(),
  log?: FastifyBaseLogger,
): Promise<Record<DigestKind, number>> {
  const sent = { daily: 0, weekly: 0 };
  for (const kind of DIGEST_KINDS) {
    const start = digestPeriod(kind, now, deps.timeZone);
    const key = `${kind}:${start.toISOString()}`;
    if (done.has(key) || now.getTime() - start.getTime() > DIGEST_CATCH_UP_MS) continue;
    sent[kind] = await sendDigests(deps, kind, start, now, log);
    done.add(key);
  }
  return sent;
}

export function startDigestJob(deps: DigestDeps, log: FastifyBaseLogger): () => Promise<void> {
  const done = new Set<string>();
  return startPeriodicJob(() => runDigests(deps, new Date(), done, log), {
    intervalMs: DIGEST_JOB_INTERVAL_MS,
    firstDelayMs: 10 * 1000,
    onError: (err) => log.error({ err }, 'digests failed'),
  });
}
