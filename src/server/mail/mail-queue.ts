import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isUnsubscribable } from '../../domain/email-preferences';
import { queryRows, type DbOrTx } from '../db/client';
import { outgoingMail } from '../db/schema';
import { MailSendError, type Mail, type Mailer, type SendOutcome } from './mailer';
import { memberIdByAddress, unsubscribeSecret, unsubscribeToken } from './unsubscribe-token';

// The outgoing mail queue (docs/product/email.md#the-outgoing-mail-queue, decision 0033). It
// sits beneath the Mailer every feature already calls: send() writes the message as a row of
// outgoing_mail and sends it at once, so a member still gets it within a second; the row is
// the safety net. A failed send is tried again by sendDue() (the queue job in every process)
// after a growing wait; a process that stops mid-send leaves its row claimed only for a few
// minutes, then any process sends it. A sent row is marked sent and never sent again.
//
// Account e-mails (verify, reset, sign-in link) are the member's answer: when the immediate
// send fails the caller is told (a 503 the member can act on, and the link's token is taken
// back), and the row is marked failed rather than retried, so no stale link arrives later.

/** How long a claimed row belongs to the process sending it before another may. */
export const MAIL_CLAIM_MS = 5 * 60 * 1000;
/** After this many failed tries a message is given up (and logged). */
export const MAIL_MAX_ATTEMPTS = 8;
const BATCH = 20;
/** sendMany marks its sent messages in one statement per this many (decision 0030's matching e-mails). */
const MARK_SENT_EVERY = 10;
/**
 * A message done with (sent, or given up) keeps only who, what kind, the subject and when:
 * its body may hold a sign-in link, whose token the club otherwise stores only hashed.
 */
const FORGET_BODY = { text: '', html: '', headers: {} };

/** The wait before try `attempts + 1`: 1, 2, 4, … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;
}

export type MailQueue = Mailer & {
  /** Sends every queued message due at `now`; returns how many went. Safe in several processes at once. */
  sendDue(now?: Date): Promise<number>;
  /**
   * Writes a message in the caller's transaction, due at `now`, without sending it: it exists
   * exactly when the change that queued it does (a digest and its digests_sent row). Send it
   * after the commit with sendQueued; the queue job sends it otherwise.
   */
  queueIn(tx: DbOrTx, mail: Mail, now: Date): Promise<number>;
  /** Sends these queued messages now, if no process has them yet. */
  sendQueued(ids: number[], now: Date): Promise<number>;
};

type Row = { id: number; attempts: number; mail: Mail };

export function createMailQueue(
  db: DbOrTx,
  transport: Mailer,
  options: { appUrl: string; unsubscribeSecret: string | undefined; log: FastifyBaseLogger },
): MailQueue {
  const { appUrl, log } = options;

  /** RFC 8058 one-click unsubscribe, on every e-mail but account, trade and administrators' duty mail. */
  async function headersFor(mail: Mail, executor: DbOrTx = db): Promise<Record<string, string>> {
    if (!isUnsubscribable(mail.kind)) return {};
    const memberId = mail.memberId ?? (await memberIdByAddress(executor, mail.to));
    if (memberId === null) return {};
    const token = unsubscribeToken(await unsubscribeSecret(executor, options.unsubscribeSecret), memberId, mail.kind);
    return {
      'List-Unsubscribe': `<${appUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }

  async function markSent(id: number, now: Date): Promise<void> {
    await db
      .update(outgoingMail)
      .set({ sentAt: now, lastError: null, ...FORGET_BODY })
      .where(eq(outgoingMail.id, id));
  }

  /** A failed try: later again, or given up after MAIL_MAX_ATTEMPTS (or at once for an account e-mail). */
  async function markFailed(row: Row, err: unknown, now: Date, giveUp: boolean): Promise<void> {
    const lastError = err instanceof Error ? err.message : String(err);
    const over = giveUp || row.attempts >= MAIL_MAX_ATTEMPTS;
    if (over) log.error({ mailId: row.id, kind: row.mail.kind, attempts: row.attempts }, 'e-mail given up');
    await db
      .update(outgoingMail)
      .set(
        over
          ? { failedAt: now, lastError, ...FORGET_BODY }
          : { dueAt: new Date(now.getTime() + retryDelayMs(row.attempts)), lastError },
      )
      .where(and(eq(outgoingMail.id, row.id), isNull(outgoingMail.sentAt)));
  }

  async function attempt(row: Row, now: Date): Promise<boolean> {
    try {
      await transport.send(row.mail);
    } catch (err) {
      await markFailed(row, err, now, row.mail.kind === 'account');
      if (row.mail.kind === 'account') throw err;
      return false;
    }
    await markSent(row.id, new Date());
    return true;
  }

  /** Claims due rows (all, or these ids) batch by batch and sends them; how many went. */
  async function sendClaimed(now: Date, ids?: number[]): Promise<number> {
    let sent = 0;
    for (;;) {
      // Claimed in one statement: rows another process holds are skipped, and a claimed row
      // is not due again until its claim runs out.
      const rows = await queryRows<{
        id: number;
        attempts: number;
        kind: Mail['kind'];
        to: string;
        subject: string;
        text: string;
        html: string;
        headers: Record<string, string>;
      }>(
        db,
        sql`UPDATE outgoing_mail SET attempts = attempts + 1,
                due_at = ${new Date(now.getTime() + MAIL_CLAIM_MS).toISOString()}::timestamptz
              WHERE id IN (
                SELECT id FROM outgoing_mail
                WHERE sent_at IS NULL AND failed_at IS NULL AND due_at <= ${now.toISOString()}::timestamptz
                  ${ids ? sql`AND id IN (${sql.join(ids, sql`, `)})` : sql``}
                ORDER BY due_at, id LIMIT ${BATCH}
                FOR NO KEY UPDATE SKIP LOCKED)
              RETURNING id, attempts, kind, to_address AS "to", subject, text_body AS "text", html_body AS "html", headers`,
      );
      if (rows.length === 0) return sent;
      for (const { id, attempts, ...mail } of rows) {
        try {
          if (await attempt({ id, attempts, mail }, now)) sent += 1;
        } catch (err) {
          // An account e-mail found in the queue (its process stopped mid-send) that failed again.
          if (!(err instanceof MailSendError)) throw err;
        }
      }
    }
  }

  return {
    async send(mail) {
      const now = new Date();
      const headers = { ...(await headersFor(mail)), ...mail.headers };
      // Written already claimed by this process (due only once the claim has run out) and tried at once.
      const [row] = await db
        .insert(outgoingMail)
        .values({
          kind: mail.kind,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers,
          attempts: 1,
          dueAt: new Date(now.getTime() + MAIL_CLAIM_MS),
        })
        .returning({ id: outgoingMail.id });
      const sent = await attempt({ id: row!.id, attempts: 1, mail: { ...mail, headers } }, now);
      if (!sent) log.warn({ mailId: row!.id, kind: mail.kind }, 'e-mail not sent yet; the queue will try again');
    },

    async sendMany(mails) {
      if (mails.length === 0) return [];
      const now = new Date();
      const rows: Row[] = [];
      for (const mail of mails)
        rows.push({ id: 0, attempts: 1, mail: { ...mail, headers: { ...(await headersFor(mail)), ...mail.headers } } });
      // One statement writes them all, claimed by this process as send() does; the ids come
      // from the sequence in the order of the values, so sorted they follow the mails.
      const inserted = await db
        .insert(outgoingMail)
        .values(
          rows.map(({ mail }) => ({
            kind: mail.kind,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: mail.headers ?? {},
            attempts: 1,
            dueAt: new Date(now.getTime() + MAIL_CLAIM_MS),
          })),
        )
        .returning({ id: outgoingMail.id });
      const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
      const outcomes: SendOutcome[] = [];
      let sent: number[] = [];
      const markAllSent = async () => {
        if (sent.length > 0) {
          await db
            .update(outgoingMail)
            .set({ sentAt: new Date(), lastError: null, ...FORGET_BODY })
            .where(inArray(outgoingMail.id, sent));
        }
        sent = [];
      };
      for (const [i, row] of rows.entries()) {
        row.id = ids[i]!;
        try {
          await transport.send(row.mail);
          sent.push(row.id);
          // Marked sent a few at a time: a process stopped mid-batch sends at most these again.
          if (sent.length >= MARK_SENT_EVERY) await markAllSent();
          outcomes.push({ ok: true });
        } catch (err) {
          const account = row.mail.kind === 'account';
          await markFailed(row, err, now, account);
          if (!account)
            log.warn({ mailId: row.id, kind: row.mail.kind }, 'e-mail not sent yet; the queue will try again');
          outcomes.push(account ? { ok: false, err } : { ok: true });
        }
      }
      await markAllSent();
      return outcomes;
    },

    async queueIn(tx, mail, now) {
      const headers = { ...(await headersFor(mail, tx)), ...mail.headers };
      const [row] = await tx
        .insert(outgoingMail)
        .values({
          kind: mail.kind,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers,
          dueAt: now,
        })
        .returning({ id: outgoingMail.id });
      return row!.id;
    },

    async sendQueued(ids, now) {
      return ids.length === 0 ? 0 : sendClaimed(now, ids);
    },

    async sendDue(now = new Date()) {
      return sendClaimed(now);
    },
  };
}
