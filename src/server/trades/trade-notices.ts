import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app';
import type { DbOrTx } from '../db/client';
import { auditTrail, users, type TradeRequest, type User } from '../db/schema';
import type { ClubEvent } from '../events/event-bus';
import { renderEmail } from '../mail/templates';
import { countUnreadMessagesFor } from '../messages/messages-repository';
import { addMessage } from '../messages/threads-repository';
import { insertNotifications, markEmailSent } from '../notifications/notifications-repository';
import { adminDisputeNotice, stepTexts, type StepFacts, type TradeStep } from './trade-texts';

// Everything a trade step tells people. Inside the step's transaction: the system message in
// the trade's thread, a notification row for each member to tell, and an audit-trail row, so
// they exist exactly when the step does. After the commit: e-mails and live events, which
// must never undo or fail a step that has happened (a mail server being down is logged).

/** Who did it, from the HTTP request (absent for the scheduler). */
export type RequestMeta = { userAgent: string | null; ipAddress: string | null };

type OutgoingMail = {
  to: string;
  /** The party's notification this mail repeats (marked emailSent once sent); null for an administrator's. */
  notificationId: number | null;
  /** Where the mail's button leads: the member's trades, or the admin panel. */
  audience: 'party' | 'admin';
  subject: string;
  heading: string;
  message: string;
};

/** What to do once the transaction has committed. */
export type Outbox = {
  mails: OutgoingMail[];
  events: { userIds: number[]; event: ClubEvent }[];
  /** Members whose unread-message count changed (a system message in their thread). */
  unreadChanged: Set<number>;
};

export function emptyOutbox(): Outbox {
  return { mails: [], events: [], unreadChanged: new Set() };
}

export type StepRecord = {
  step: TradeStep;
  trade: TradeRequest;
  facts: StepFacts;
  requester: User;
  owner: User;
  /** Null for the scheduler. */
  actorId: number | null;
  details?: Record<string, unknown>;
  meta?: RequestMeta;
  now: Date;
};

export async function recordStep(tx: DbOrTx, outbox: Outbox, record: StepRecord): Promise<void> {
  const { trade, requester, owner, now } = record;
  const texts = stepTexts(record.step, record.facts);
  const parties = [trade.requesterId, trade.ownerId];

  if (texts.systemMessage && trade.threadId !== null) {
    await addMessage(tx, {
      threadId: trade.threadId,
      senderId: null,
      content: texts.systemMessage,
      isSystemMessage: true,
      systemActorId: record.actorId,
    });
    for (const id of parties) outbox.unreadChanged.add(id);
    outbox.events.push({ userIds: parties, event: { type: 'message', data: { threadId: trade.threadId } } });
  }

  const recipients = texts.notices.map((n) => ({ notice: n, member: n.to === 'owner' ? owner : requester }));
  const rows = await insertNotifications(
    tx,
    recipients.map(({ notice, member }) => ({
      userId: member.id,
      tradeRequestId: trade.id,
      type: notice.type,
      title: notice.title,
      message: notice.message,
      createdAt: now,
    })),
  );
  rows.forEach((row, i) => {
    const { notice, member } = recipients[i]!;
    outbox.events.push({ userIds: [member.id], event: { type: 'notification', data: { id: row.id } } });
    outbox.mails.push({
      to: member.email,
      notificationId: row.id,
      audience: 'party',
      subject: notice.title,
      heading: notice.title,
      message: notice.message,
    });
  });

  if (record.step === 'dispute') await tellAdministrators(tx, outbox, record);

  await tx.insert(auditTrail).values({
    userId: record.actorId,
    entityType: 'trade_request',
    entityId: trade.id,
    action: record.step,
    details: { status: trade.status, ...record.details },
    userAgent: record.meta?.userAgent ?? null,
    ipAddress: record.meta?.ipAddress ?? null,
    timestamp: now,
  });

  outbox.events.push({
    userIds: parties,
    event: { type: 'trade', data: { tradeRequestId: trade.id, status: trade.status } },
  });
}

/**
 * A dispute waits for an administrator, so every administrator is e-mailed (after the commit,
 * like the parties' mails) with a link to the admin panel. The two parties are left out even
 * if they are administrators: nobody may decide their own trade, and they already know.
 */
async function tellAdministrators(tx: DbOrTx, outbox: Outbox, record: StepRecord): Promise<void> {
  const { trade } = record;
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), notInArray(users.id, [trade.requesterId, trade.ownerId])))
    .orderBy(users.id);
  const notice = adminDisputeNotice(`Trade #${trade.id}`, record.facts);
  for (const admin of admins) {
    outbox.mails.push({
      to: admin.email,
      notificationId: null,
      audience: 'admin',
      subject: notice.title,
      heading: notice.title,
      message: notice.message,
    });
  }
}

// ---------------------------------------------------------------------------------------
// After the commit

function tradeEmail(appUrl: string, mail: OutgoingMail) {
  const admin = mail.audience === 'admin';
  const url = admin ? `${appUrl}/admin` : `${appUrl}/trades`;
  return {
    ...renderEmail({
      subject: mail.subject,
      heading: mail.heading,
      paragraphs: [mail.message],
      action: admin ? { label: 'Open the admin panel', url } : { label: 'See my trades', url },
      footnote: admin
        ? 'You receive this e-mail because you are an administrator of Jigsaw Club.'
        : 'You receive this e-mail because you are taking part in a trade at Jigsaw Club.',
    }),
    link: url,
  };
}

async function deliver(ctx: AppContext, outbox: Outbox, log: FastifyBaseLogger): Promise<void> {
  for (const { userIds, event } of outbox.events) {
    await ctx.events.publish(userIds, event).catch((err: unknown) => log.warn({ err }, 'trade event not published'));
  }
  if (outbox.unreadChanged.size > 0) {
    try {
      const counts = await countUnreadMessagesFor(ctx.database.db, [...outbox.unreadChanged]);
      for (const [userId, count] of counts)
        await ctx.events.publish([userId], { type: 'unread-count', data: { count } });
    } catch (err) {
      log.warn({ err }, 'unread counts not published');
    }
  }
  const sent: number[] = [];
  for (const mail of outbox.mails) {
    try {
      await ctx.mailer.send({ to: mail.to, ...tradeEmail(ctx.config.appUrl, mail) });
      if (mail.notificationId !== null) sent.push(mail.notificationId);
    } catch (err) {
      if (mail.audience === 'admin') log.warn({ err }, 'dispute e-mail to an administrator not sent');
      else
        log.warn({ err, notificationId: mail.notificationId }, 'trade e-mail not sent; the in-app notification stands');
    }
  }
  await markEmailSent(ctx.database.db, sent).catch((err: unknown) => log.warn({ err }, 'could not mark e-mails sent'));
}

// Deliveries still under way, per app, so closing the app waits for them instead of
// cutting a mail off mid-send or writing to a closed database.
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

/** Starts delivery without making the member wait for a mail server; never rejects. */
export function dispatchOutbox(ctx: AppContext, outbox: Outbox, log: FastifyBaseLogger): Promise<void> {
  let set = inFlight.get(ctx);
  if (!set) inFlight.set(ctx, (set = new Set()));
  const running = deliver(ctx, outbox, log).catch((err: unknown) => log.error({ err }, 'trade notices failed'));
  set.add(running);
  void running.finally(() => set.delete(running));
  return running;
}

/** Waits for every delivery started so far (app close, tests). */
export async function drainOutboxes(ctx: AppContext): Promise<void> {
  const set = inFlight.get(ctx);
  while (set && set.size > 0) await Promise.all([...set]);
}
