import type { FastifyBaseLogger } from 'fastify';
import type { ClubEvent } from '../../domain/events';
import type { AppContext } from '../app-context';
import { and, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { adminActions, auditTrail, users } from '../db/schema';
import { EVERY_MEMBER } from '../events/event-bus';
import { createThrottle, type Throttle } from '../events/throttle';
import type { RequestMeta } from '../http/route-helpers';
import type { MailKind } from '../../domain/email-preferences';
import type { SendOutcome } from '../mail/mailer';
import { emailSettingsUrl, renderEmail } from '../mail/templates';
import { addMessage, notifyThreadActivity } from '../messages/threads-service';
import { addNotifications, markNotificationsEmailed } from '../notifications/notifications-service';

// The one way every feature tells people what happened (issue 10). Two halves:
//
//  - recordNotice, inside the transaction that changes something: what must exist exactly
//    when the change does. The system message in a thread, an in-app notification for each
//    member to tell, the audit-trail row (and an administrator's entry in the activity log).
//    It also queues, in the transaction's outbox, what can only happen after the commit.
//  - commitWithNotices runs such a transaction and, once it has committed, sends the outbox:
//    the e-mails and live events, which must never undo or fail a change that has happened (a
//    mail server being down is logged). The code that commits sends; no route has to remember.

export type NoticeMail = {
  to: string;
  /** Its kind (docs/product/email.md#kinds-of-e-mail) and, for a member's, who they are. */
  kind: MailKind;
  memberId?: number;
  /** The notification this mail repeats (marked e-mailed once sent); null for an administrator's. */
  notificationId: number | null;
  /**
   * Who reads it: a trade's party (button to their trades), an administrator (the admin
   * panel), or a member told something about their membership (no notification repeats it).
   */
  audience: 'party' | 'admin' | 'member';
  /** The in-app path the mail's button leads to, when not the audience's usual page. */
  link?: string;
  /** A trade's notice: its button opens that trade on My Trades. */
  tradeRequestId?: number | null;
  /** The button's words with `link`. */
  linkLabel?: string;
  subject: string;
  heading: string;
  message: string;
};

/** What to do once the transaction has committed. */
export type Outbox = {
  mails: NoticeMail[];
  events: { userIds: number[]; event: ClubEvent }[];
  /** Threads that gained a message: their members' pages and unread counts are told. */
  threads: Set<number>;
};

export function emptyOutbox(): Outbox {
  return { mails: [], events: [], threads: new Set() };
}

/** One thing that happened, as the people concerned hear of it. Every part is optional. */
export type Notice = {
  at: Date;
  /** Written in a thread for both its members to read, as the club. */
  /** `actorContent`: the same message in the second person, for the member `actorId` (or null). */
  systemMessage?: { threadId: number; content: string; actorContent?: string | null; actorId: number | null };
  /** An in-app notification for each member, and the same by e-mail. */
  notifications?: {
    member: { id: number; email: string };
    tradeRequestId: number | null;
    type: string;
    title: string;
    message: string;
    /** Where the notice leads in the app ('/community?post=3#reply-9'); default: its trade. */
    link?: { path: string; label: string };
    /** False when the member chose not to have this kind by e-mail: in-app only. */
    email?: boolean;
    /** The e-mail's kind; by default from the notice (mailKindOf). */
    mailKind?: MailKind;
  }[];
  /** E-mails to administrators (no in-app notification): a link to the admin panel. */
  adminMails?: { to: string[]; title: string; message: string };
  /**
   * E-mails to a member about their membership, with no in-app notification (a suspended
   * member cannot sign in to read one): a link to the club.
   */
  memberMails?: { to: string; title: string; message: string }[];
  /** The audit-trail row: who did what to which record. */
  audit?: {
    actorId: number | null;
    entityType: string;
    entityId: number;
    action: string;
    details: Record<string, unknown>;
    meta?: RequestMeta;
  };
  /** An administrator's decision, for the admin activity log. */
  adminAction?: { adminId: number; action: string; target: string; details: Record<string, unknown> };
  /** Live events for members' open pages. */
  events?: { userIds: number[]; event: ClubEvent }[];
};

/**
 * Of these members and addresses, the ones of closed memberships (decision 0021): a closed
 * membership is told nothing, in the app or by e-mail (issue 23). Its row keeps an address
 * that can never receive mail; the member's real one is in the closing mail only, sent to an
 * address no row has any more, so it still goes.
 */
async function closedRecipients(
  tx: DbOrTx,
  memberIds: number[],
  addresses: string[],
): Promise<{ ids: Set<number>; addresses: Set<string> }> {
  const found = { ids: new Set<number>(), addresses: new Set<string>() };
  if (memberIds.length === 0 && addresses.length === 0) return found;
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        isNotNull(users.closedAt),
        or(
          memberIds.length > 0 ? inArray(users.id, memberIds) : undefined,
          lower.length > 0 ? inArray(sql`lower(${users.email})`, lower) : undefined,
        ),
      ),
    );
  for (const row of rows) {
    found.ids.add(row.id);
    found.addresses.add(row.email.toLowerCase());
  }
  return found;
}

/**
 * The kind of a notification's e-mail when the notice does not name it: a trade's notice is a
 * trade step; forum and wanted notices by their type; anything else is news about the
 * membership itself (like an account e-mail, it has no unsubscribe).
 */
export function mailKindOf(n: { type: string; tradeRequestId: number | null }): MailKind {
  if (n.tradeRequestId !== null) return 'trades';
  if (n.type === 'wish_offer') return 'wish_offer';
  if (/^(forum|community)_/.test(n.type)) return 'forum';
  if (/^(wanted|wish|saved_search)_/.test(n.type)) return 'wanted';
  return 'account';
}

/** Writes a notice's rows in the caller's transaction and queues what follows the commit. */
export async function recordNotice(tx: DbOrTx, outbox: Outbox, notice: Notice): Promise<void> {
  const closed = await closedRecipients(
    tx,
    (notice.notifications ?? []).map((n) => n.member.id),
    [...(notice.adminMails?.to ?? []), ...(notice.memberMails ?? []).map((m) => m.to)],
  );
  const open = (address: string) => !closed.addresses.has(address.toLowerCase());

  if (notice.systemMessage) {
    const { threadId, content, actorContent, actorId } = notice.systemMessage;
    await addMessage(tx, {
      threadId,
      senderId: null,
      content,
      actorContent,
      isSystemMessage: true,
      systemActorId: actorId,
    });
    outbox.threads.add(threadId);
  }

  const notifications = (notice.notifications ?? []).filter((n) => !closed.ids.has(n.member.id));
  const ids = await addNotifications(
    tx,
    notifications.map((n) => ({
      userId: n.member.id,
      tradeRequestId: n.tradeRequestId,
      type: n.type,
      title: n.title,
      message: n.message,
      link: n.link?.path ?? null,
      createdAt: notice.at,
    })),
  );
  ids.forEach((id, i) => {
    const { member, title, message, link, email, tradeRequestId, mailKind } = notifications[i]!;
    outbox.events.push({ userIds: [member.id], event: { type: 'notification', data: { id } } });
    if (email === false) return;
    outbox.mails.push({
      to: member.email,
      kind: mailKind ?? mailKindOf(notifications[i]!),
      memberId: member.id,
      notificationId: id,
      audience: 'party',
      subject: title,
      heading: title,
      message,
      tradeRequestId,
      ...(link ? { link: link.path, linkLabel: link.label } : {}),
    });
  });

  for (const to of (notice.adminMails?.to ?? []).filter(open)) {
    const { title, message } = notice.adminMails!;
    outbox.mails.push({
      to,
      kind: 'admin',
      notificationId: null,
      audience: 'admin',
      subject: title,
      heading: title,
      message,
    });
  }

  for (const { to, title, message } of (notice.memberMails ?? []).filter((m) => open(m.to))) {
    outbox.mails.push({
      to,
      kind: 'account',
      notificationId: null,
      audience: 'member',
      link: '/',
      linkLabel: 'Visit Jigsaw Club',
      subject: title,
      heading: title,
      message,
    });
  }

  if (notice.audit) {
    const { actorId, entityType, entityId, action, details, meta } = notice.audit;
    await tx.insert(auditTrail).values({
      userId: actorId,
      entityType,
      entityId,
      action,
      details,
      userAgent: meta?.userAgent ?? null,
      ipAddress: meta?.ipAddress ?? null,
      timestamp: notice.at,
    });
  }
  if (notice.adminAction) await tx.insert(adminActions).values({ ...notice.adminAction, timestamp: notice.at });

  outbox.events.push(...(notice.events ?? []));
}

// ---------------------------------------------------------------------------------------
// After the commit

/** Why a member gets a notice's e-mail, by its kind (the foot of the e-mail). */
const NOTICE_REASONS: Record<MailKind, string> = {
  account: 'You receive this e-mail because it is about your Jigsaw Club membership.',
  trades:
    'You receive this e-mail because you are taking part in a trade at Jigsaw Club: every step of a trade is e-mailed at once.',
  admin: 'You receive this e-mail because you are an administrator of Jigsaw Club.',
  wish_offer:
    'You receive this e-mail because this puzzle is on your wish list: first offers are always e-mailed, as they wait for you only a short time.',
  messages: 'You receive this e-mail because you asked to hear about new messages at once.',
  forum: 'You receive this e-mail because you asked to hear about replies to your forum posts at once.',
  wanted: 'You receive this e-mail because of your saved searches and wish list at Jigsaw Club.',
  digest_daily: 'You receive this e-mail because you chose a daily summary.',
  digest_weekly: 'You receive this e-mail because you chose a weekly summary.',
};

function noticeEmail(appUrl: string, mail: NoticeMail) {
  const admin = mail.audience === 'admin';
  // A trade's notice opens that trade (/trades?trade={id}, as its in-app notification does).
  const trade = mail.tradeRequestId ?? null;
  const path = mail.link ?? (admin ? '/admin' : trade === null ? '/trades' : `/trades?trade=${trade}`);
  const url = `${appUrl}${path}`;
  const label =
    mail.linkLabel ?? (admin ? 'Open the admin panel' : trade === null ? 'See my trades' : 'See this trade');
  return {
    ...renderEmail({
      subject: mail.subject,
      heading: mail.heading,
      paragraphs: [mail.message],
      action: { label, url },
      why: { reason: NOTICE_REASONS[mail.kind], settingsUrl: emailSettingsUrl(appUrl) },
    }),
    link: url,
    kind: mail.kind,
    ...(mail.memberId === undefined ? {} : { memberId: mail.memberId }),
  };
}

// Per app: a burst of changes to one forum post goes to every open page as two messages,
// not one each (events/throttle.ts).
const forumThrottles = new WeakMap<AppContext, Throttle>();
function forumThrottle(ctx: AppContext): Throttle {
  let throttle = forumThrottles.get(ctx);
  if (!throttle) forumThrottles.set(ctx, (throttle = createThrottle()));
  return throttle;
}

/** A notice's e-mails: in one go when the mailer takes several (the mail queue), else one by one. */
async function sendAll(ctx: AppContext, mails: NoticeMail[]): Promise<SendOutcome[]> {
  const rendered = [];
  for (const [i, mail] of mails.entries()) {
    // A matching may e-mail dozens: other requests get a turn between every ten.
    if (i > 0 && i % 10 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    rendered.push({ to: mail.to, ...noticeEmail(ctx.config.appUrl, mail) });
  }
  if (ctx.mailer.sendMany) return ctx.mailer.sendMany(rendered);
  const outcomes: SendOutcome[] = [];
  for (const mail of rendered) {
    try {
      await ctx.mailer.send(mail);
      outcomes.push({ ok: true });
    } catch (err) {
      outcomes.push({ ok: false, err });
    }
  }
  return outcomes;
}

async function deliver(ctx: AppContext, outbox: Outbox, log: FastifyBaseLogger): Promise<void> {
  for (const { userIds, event } of outbox.events) {
    const publish = () =>
      ctx.events.publish(userIds, event).catch((err: unknown) => log.warn({ err }, 'live event not published'));
    if (event.type === 'community' && userIds.includes(EVERY_MEMBER)) {
      await forumThrottle(ctx).run(`post:${event.data.postId}`, publish);
    } else await publish();
  }
  for (const threadId of outbox.threads) await notifyThreadActivity(ctx, threadId, log);
  const sent: number[] = [];
  for (const [i, outcome] of (await sendAll(ctx, outbox.mails)).entries()) {
    const mail = outbox.mails[i]!;
    if (outcome.ok) {
      if (mail.notificationId !== null) sent.push(mail.notificationId);
    } else if (mail.audience !== 'party')
      log.warn({ err: outcome.err, audience: mail.audience }, 'notice e-mail not sent');
    else
      log.warn(
        { err: outcome.err, notificationId: mail.notificationId },
        'notice e-mail not sent; the in-app notification stands',
      );
  }
  // 'E-mailed' once in the outgoing mail queue, which sends it (now, or after a refusal, later).
  await markNotificationsEmailed(ctx.database.db, sent).catch((err: unknown) =>
    log.warn({ err }, 'could not mark e-mails sent'),
  );
}

/** Sends an outbox after its transaction has committed. */
export type Notices = { send(outbox: Outbox): void };
/** Notices whose sender can wait until what it sent has gone (awaitableNoticesFor). */
export type AwaitableNotices = Notices & { delivered(): Promise<void> };

// Deliveries still under way, per app, so closing the app waits for them instead of cutting
// a mail off mid-send or writing to a closed database.
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

/** Starts delivering an outbox; the promise never rejects (a failure is logged). */
function startDelivery(ctx: AppContext, outbox: Outbox, log: FastifyBaseLogger): Promise<void> {
  let running = inFlight.get(ctx);
  if (!running) inFlight.set(ctx, (running = new Set()));
  const delivery = deliver(ctx, outbox, log).catch((err: unknown) => log.error({ err }, 'notices failed'));
  running.add(delivery);
  void delivery.finally(() => running.delete(delivery));
  return delivery;
}

/** The app's notices, logging to `log`: delivery starts at once and never makes the caller wait or fail. */
export function noticesFor(ctx: AppContext, log: FastifyBaseLogger): Notices {
  return {
    send(outbox) {
      void startDelivery(ctx, outbox, log);
    },
  };
}

/**
 * The same, for a worker that must not run ahead of its own e-mails (Wanted's matching,
 * docs/decisions/0030-wanted.md): delivered() waits for what this one has sent so far.
 */
export function awaitableNoticesFor(ctx: AppContext, log: FastifyBaseLogger): AwaitableNotices {
  const mine = new Set<Promise<void>>();
  return {
    send(outbox) {
      const delivery = startDelivery(ctx, outbox, log);
      mine.add(delivery);
      void delivery.finally(() => mine.delete(delivery));
    },
    async delivered() {
      while (mine.size > 0) await Promise.all([...mine]);
    },
  };
}

/** For the demo seed: history is written (messages, notifications, audit), nobody is e-mailed or told live. */
export const noNotices: Notices = { send() {} };

/** Waits for every delivery started so far (app close, the scheduler, tests). */
export async function drainNotices(ctx: AppContext): Promise<void> {
  const running = inFlight.get(ctx);
  while (running && running.size > 0) await Promise.all([...running]);
}

/** The app is closing: forum messages waiting for the end of a burst are dropped with its pages. */
export function stopNotices(ctx: AppContext): void {
  forumThrottles.get(ctx)?.close();
}

/** What a service that writes and tells needs: the database and where its notices go. */
export type NoticeDeps = { db: DbOrTx; notices: Notices };

/**
 * Runs `work` in one transaction (runInTransaction) with a fresh outbox; once it has
 * committed, sends what the work recorded. A failed transaction tells nobody. When the
 * transaction is run again after a deadlock, the outbox starts empty again: only the run that
 * committed is sent, so nobody is told twice.
 */
export async function commitWithNotices<T>(
  { db, notices }: NoticeDeps,
  work: (tx: DbOrTx, outbox: Outbox) => Promise<T>,
): Promise<T> {
  let outbox = emptyOutbox();
  const result = await runInTransaction(db, (tx) => {
    outbox = emptyOutbox();
    return work(tx, outbox);
  });
  notices.send(outbox);
  return result;
}
