import type { FastifyBaseLogger } from 'fastify';
import { digestPeriodStart } from '../../domain/dates';
import { DIGEST_HOUR, type DigestKind } from '../../domain/email-preferences';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import type { MailQueue } from '../mail/mail-queue';
import { digestEmail, isEmpty, type DigestContent } from './digest-email';
import {
  digestCandidates,
  forumReplies,
  lockDigestMember,
  recordDigest,
  savedSearchMatchesFor,
  unreadThreads,
  type DigestMember,
} from './digests-repository';

// Daily and weekly digests (docs/product/email.md#digests). A member's digest of a period is
// one transaction: lock the member, check no digest of this period (or later) is written,
// gather what is new since the last one, write the digests_sent row and queue the e-mail in
// the outgoing mail queue. So it happens once however many processes run; a process that
// stops half-way has committed some members (their rows say so) and left the rest, which
// the next run sends; a queued e-mail is sent by the queue even if its sender stopped.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export type DigestDeps = { db: DbOrTx; mailQueue: MailQueue; appUrl: string; timeZone: string };

/** The period the clock is in: its start, 07:00 club time (Monday's for weekly). */
export function digestPeriod(kind: DigestKind, now: Date, timeZone: string): Date {
  return digestPeriodStart(now, kind, timeZone, DIGEST_HOUR);
}

async function gather(tx: DbOrTx, m: DigestMember, kind: DigestKind, since: Date, until: Date): Promise<DigestContent> {
  return {
    threads: m.messages === kind ? await unreadThreads(tx, m.id, since, until) : [],
    replies: m.forum === kind ? await forumReplies(tx, m.id, since, until) : [],
    matches: await savedSearchMatchesFor(tx, m.id, kind, since, until),
  };
}

/** One member's digest of the period ending at `until`; the queued mail's id, or null (done already, or nothing new). */
async function digestFor(deps: DigestDeps, memberId: number, kind: DigestKind, until: Date, now: Date) {
  return runInTransaction(deps.db, async (tx) => {
    const m = await lockDigestMember(tx, memberId, kind, until);
    if (!m || m.done) return null;
    // Everything since the last digest of this kind; a first one looks back one period.
    const since = m.lastPeriodStart ?? new Date(until.getTime() - (kind === 'daily' ? 1 : 7) * DAY_MS);
    const content = await gather(tx, m, kind, since, until);
    const empty = isEmpty(content);
    await recordDigest(tx, m.id, kind, until, !empty);
    if (empty) return null;
    const mail = digestEmail(deps.appUrl, kind, content);
    return deps.mailQueue.queueIn(
      tx,
      { to: m.email, ...mail, kind: kind === 'daily' ? 'digest_daily' : 'digest_weekly', memberId: m.id },
      now,
    );
  });
}

/**
 * Writes every member's digest of the period that ends at `until` (the scheduler: the
 * period's 07:00; an operator's run: now) and sends them. Returns how many were e-mailed.
 */
export async function sendDigests(
  deps: DigestDeps,
  kind: DigestKind,
  until: Date,
  now: Date = new Date(),
  log?: FastifyBaseLogger,
): Promise<number> {
  let emailed = 0;
  const tried = new Set<number>();
  for (;;) {
    const ids = (await digestCandidates(deps.db, kind, until, BATCH)).filter((id) => !tried.has(id));
    if (ids.length === 0) return emailed;
    for (const id of ids) {
      tried.add(id);
      try {
        const mailId = await digestFor(deps, id, kind, until, now);
        if (mailId === null) continue;
        emailed += 1;
        // Sent at once; if this fails or the process stops, the queue job sends it.
        await deps.mailQueue.sendQueued([mailId], now);
      } catch (err) {
        // One member's failure must not stop the others; the next run tries them again.
        log?.error({ err, memberId: id, kind }, 'digest not written');
      }
    }
  }
}
