import { lt, and, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { outgoingMail } from '../db/schema';
import type { MailQueue } from '../mail/mail-queue';
import { startPeriodicJob } from './periodic-job';

// Every app process sends the queue's due mail (mail/mail-queue.ts): what failed before, and
// what a stopped process left half-sent. The rows are claimed with SKIP LOCKED, so each goes once.

export const MAIL_QUEUE_INTERVAL_MS = 30 * 1000;
const FIRST_DELAY_MS = 5 * 1000;
/** Sent mail is kept a while (an operator can see what went), then cleared. */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function runMailQueue(db: DbOrTx, queue: MailQueue, now: Date = new Date()): Promise<number> {
  const sent = await queue.sendDue(now);
  await db
    .delete(outgoingMail)
    .where(
      and(isNotNull(outgoingMail.sentAt), lt(outgoingMail.createdAt, new Date(now.getTime() - SENT_MAIL_KEPT_MS))),
    );
  return sent;
}

/** Starts the queue job; the returned function stops it and waits for a run in progress. */
export function startMailQueueJob(db: DbOrTx, queue: MailQueue, log: FastifyBaseLogger): () => Promise<void> {
  return startPeriodicJob(() => runMailQueue(db, queue), {
    intervalMs: MAIL_QUEUE_INTERVAL_MS,
    firstDelayMs: FIRST_DELAY_MS,
    onError: (err) => log.error({ err }, 'sending queued mail failed'),
  });
}
