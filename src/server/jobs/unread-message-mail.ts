import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { queryRows } from '../db/client';
import { emailSettingsUrl, renderEmail } from '../mail/templates';
import { memberDisplayName } from '../../domain/members';
import { startPeriodicJob } from './periodic-job';

// Issue 7: a member who has not read a new message within 15 minutes gets ONE e-mail about
// it, and at most one per conversation per day. Runs every minute in every app process; the
// message_email_notices row is the claim (schema/message-notices.ts), so with several
// processes exactly one sends. System messages (trade steps) never count here: each trade
// step already e-mails the other party itself. Only for members whose messages preference is
// 'instant' (docs/product/email.md#preferences).

export const UNREAD_MAIL_AFTER_MS = 15 * 60 * 1000;
export const UNREAD_MAIL_EVERY_MS = 24 * 60 * 60 * 1000;
/** Older unread messages are left alone: a club coming back from a long stop, or the demo seed, does not flood inboxes. */
export const UNREAD_MAIL_LOOKBACK_MS = 48 * 60 * 60 * 1000;
export const UNREAD_MAIL_JOB_INTERVAL_MS = 60 * 1000;

type Ctx = Pick<AppContext, 'config' | 'database' | 'mailer'>;

type Candidate = {
  threadId: number;
  userId: number;
  previousSentAt: Date | string | null;
  unread: number;
  email: string;
  subject: string;
  senderFirstName: string | null;
  senderLastName: string | null;
};

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Who is owed a reminder at `now`: a participant with a member's message (not their own,
 * not a system message) that is unread, older than 15 minutes, newer than the last reminder
 * about this thread, and no reminder in the last 24 hours.
 */
async function findCandidates(ctx: Ctx, now: Date): Promise<Candidate[]> {
  const dueBefore = new Date(now.getTime() - UNREAD_MAIL_AFTER_MS);
  const lookback = new Date(now.getTime() - UNREAD_MAIL_LOOKBACK_MS);
  const dayAgo = new Date(now.getTime() - UNREAD_MAIL_EVERY_MS);
  return queryRows<Candidate>(
    ctx.database.db,
    sql`SELECT c."threadId", c."userId", c."previousSentAt", c.unread, u.email, t.subject,
          s.first_name AS "senderFirstName", s.last_name AS "senderLastName"
        FROM (
          SELECT p.thread_id AS "threadId", p.user_id AS "userId", n.sent_at AS "previousSentAt",
            count(*)::int AS unread, min(m.created_at) AS first_unread,
            (array_agg(m.sender_id ORDER BY m.created_at DESC, m.id DESC))[1] AS latest_sender
          FROM message_thread_participants p
          JOIN messages m ON m.thread_id = p.thread_id
          LEFT JOIN message_email_notices n ON n.thread_id = p.thread_id AND n.user_id = p.user_id
          WHERE m.sender_id IS NOT NULL AND NOT m.is_system_message AND m.sender_id <> p.user_id
            AND (p.last_read_at IS NULL OR m.created_at > p.last_read_at)
            AND m.created_at > ${ts(lookback)}
            AND (n.sent_at IS NULL OR (m.created_at > n.sent_at AND n.sent_at <= ${ts(dayAgo)}))
          GROUP BY p.thread_id, p.user_id, n.sent_at
          HAVING min(m.created_at) <= ${ts(dueBefore)}
        ) c
        -- A closed membership is told nothing (decision 0021): its address receives no mail.
        -- Only members who want messages at once (docs/product/email.md): the daily digest
        -- carries the others' unread messages, and 'off' means no e-mail about them.
        JOIN users u ON u.id = c."userId" AND u.closed_at IS NULL AND u.email_messages = 'instant'
        JOIN message_threads t ON t.id = c."threadId"
        LEFT JOIN users s ON s.id = c.latest_sender
        ORDER BY c."threadId", c."userId"
        LIMIT 500`,
  );
}

/**
 * Takes the reminder for (thread, member) if no other process has: a first reminder is an
 * INSERT that does nothing on conflict; a later one an UPDATE conditional on the sent_at this
 * process read. Either way only one process gets a row back.
 */
async function claim(ctx: Ctx, c: Candidate, now: Date): Promise<boolean> {
  const rows =
    c.previousSentAt === null
      ? await queryRows(
          ctx.database.db,
          sql`INSERT INTO message_email_notices (thread_id, user_id, sent_at)
              VALUES (${c.threadId}, ${c.userId}, ${ts(now)})
              ON CONFLICT (thread_id, user_id) DO NOTHING RETURNING thread_id`,
        )
      : await queryRows(
          ctx.database.db,
          sql`UPDATE message_email_notices SET sent_at = ${ts(now)}
              WHERE thread_id = ${c.threadId} AND user_id = ${c.userId}
                AND sent_at = ${ts(new Date(c.previousSentAt))} RETURNING thread_id`,
        );
  return rows.length > 0;
}

/** A failed send gives the claim back, so the next run tries again. */
async function release(ctx: Ctx, c: Candidate, now: Date): Promise<void> {
  await ctx.database.db.execute(
    c.previousSentAt === null
      ? sql`DELETE FROM message_email_notices WHERE thread_id = ${c.threadId} AND user_id = ${c.userId} AND sent_at = ${ts(now)}`
      : sql`UPDATE message_email_notices SET sent_at = ${ts(new Date(c.previousSentAt))}
            WHERE thread_id = ${c.threadId} AND user_id = ${c.userId} AND sent_at = ${ts(now)}`,
  );
}

/**
 * The reminder names the other member and the conversation and links to it, but does not
 * quote the message: mail is often read on shared screens and forwarded, and the message is
 * one click away behind sign-in.
 */
export function unreadMessageEmail(
  appUrl: string,
  c: Pick<Candidate, 'threadId' | 'unread' | 'subject' | 'senderFirstName' | 'senderLastName'>,
) {
  const from = memberDisplayName(c.senderFirstName, c.senderLastName);
  const url = `${appUrl}/messages?thread=${c.threadId}`;
  const many = c.unread === 1 ? 'a message' : `${c.unread} messages`;
  return {
    url,
    ...renderEmail({
      subject: `${from} sent you a message`,
      heading: `${from} sent you ${many}`,
      paragraphs: [
        `${from} wrote to you in the conversation "${c.subject}", and you have not read it yet.`,
        'Sign in to the club to read it and reply.',
      ],
      action: { label: 'Read the message', url },
      footnote: 'We send at most one reminder a day for each conversation, and none once you have read it.',
      why: {
        reason: 'You receive this e-mail because you asked to hear about new messages at once.',
        settingsUrl: emailSettingsUrl(appUrl),
      },
    }),
  };
}

/** One run of the job at `now` (injectable, so tests need not wait 15 minutes). Returns how many were sent. */
export async function runUnreadMessageMail(ctx: Ctx, now: Date = new Date(), log?: FastifyBaseLogger): Promise<number> {
  let sent = 0;
  for (const c of await findCandidates(ctx, now)) {
    if (!(await claim(ctx, c, now))) continue;
    const mail = unreadMessageEmail(ctx.config.appUrl, c);
    try {
      await ctx.mailer.send({
        to: c.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        link: mail.url,
        kind: 'messages',
        memberId: c.userId,
      });
      sent += 1;
    } catch (err) {
      log?.warn({ err: (err as Error).message, threadId: c.threadId }, 'unread-message reminder not sent; will retry');
      await release(ctx, c, now);
    }
  }
  return sent;
}

/** Starts the minute-by-minute job; the returned function stops it (and waits for a run in progress). */
export function startUnreadMessageMailJob(ctx: Ctx, log?: FastifyBaseLogger): () => Promise<void> {
  return startPeriodicJob(() => runUnreadMessageMail(ctx, new Date(), log), {
    intervalMs: UNREAD_MAIL_JOB_INTERVAL_MS,
    onError: (err) => log?.error({ err }, 'unread-message reminders failed'),
  });
}
