import {
  LAST_ADMINISTRATOR_CLOSE_MESSAGE,
  MEMBERSHIP_CLOSED_MESSAGE,
  tradesUnderWayMessage,
  type ClosingPreview,
  type TradeUnderWay,
} from '../../domain/contact';
import { AppError } from '../../domain/errors';
import { forgetSignIns } from '../auth/accounts-service';
import type { DbOrTx } from '../db/client';
import type { RequestMeta } from '../http/route-helpers';
import { listingCardsChanged } from '../listings/listings-admin-service';
import { countWithdrawableListingsOf, withdrawListingsOf } from '../listings/listings-service';
import { lockAdministratorsAnd } from '../members/members-admin-service';
import { administratorEmails, eraseMemberDetails, lockMembers, membersById } from '../members/members-service';
import { commitWithNotices, recordNotice, type NoticeDeps } from '../notices/notices';
import { closePendingRequestsOfLeaving, pendingRequestCountOf, tradesUnderWayOf } from '../trades/trades-service';

// 'Close my membership' (issue 14 point 4, docs/decisions/0021-contact-privacy-closing.md).
// One transaction: pending requests close both ways (no points are held by a pending request,
// so none move), the member's listings are withdrawn, their personal details are erased and
// every session and sign-in record goes. Trades under way must finish first: 409 naming them.
// The ledger keeps every row and the balance stays on the (erased) row, so the club's total
// of points is unchanged.

/** What stops the member closing: trades under way, or being the club's only administrator. */
async function blockers(
  db: DbOrTx,
  memberId: number,
  opts: { lock: boolean },
): Promise<{ trades: TradeUnderWay[]; lastAdmin: boolean }> {
  const trades = await tradesUnderWayOf(db, memberId);
  const member = (await membersById(db, [memberId])).get(memberId);
  let lastAdmin = false;
  if (member?.isAdmin) {
    // Under the closing's lock, so another administrator cannot step down at the same moment.
    const others = opts.lock
      ? [...(await lockAdministratorsAnd(db, memberId)).values()].filter((u) => u.isAdmin && u.id !== memberId)
      : await administratorEmails(db, [memberId]);
    lastAdmin = others.length === 0;
  }
  return { trades, lastAdmin };
}

/** What closing would do now (the confirm dialog's facts). */
export async function closingPreview(db: DbOrTx, memberId: number): Promise<ClosingPreview> {
  const { trades, lastAdmin } = await blockers(db, memberId, { lock: false });
  const member = (await membersById(db, [memberId])).get(memberId)!;
  return {
    tradesUnderWay: trades,
    pendingRequests: await pendingRequestCountOf(db, memberId),
    listings: await countWithdrawableListingsOf(db, memberId),
    puzzlePoints: member.puzzlePoints,
    lastAdministrator: lastAdmin,
  };
}

function refuse(trades: TradeUnderWay[], lastAdmin: boolean): void {
  if (trades.length > 0) {
    throw new AppError(
      'CONFLICT',
      tradesUnderWayMessage(trades),
      trades.map((t) => ({ path: `trades.${t.id}`, message: `"${t.title}" with ${t.partnerName} is ${t.status}` })),
    );
  }
  if (lastAdmin) throw new AppError('CONFLICT', LAST_ADMINISTRATOR_CLOSE_MESSAGE);
}

/** Closes the membership; the caller then clears the session cookie. */
export async function closeMembership(
  deps: NoticeDeps,
  memberId: number,
  meta: RequestMeta | undefined,
  now: Date = new Date(),
): Promise<{ message: string }> {
  // A quick answer before any lock; checked again under the locks below.
  const before = await blockers(deps.db, memberId, { lock: false });
  refuse(before.trades, before.lastAdmin);

  await commitWithNotices(deps, async (tx, outbox) => {
    // Lock order of every trade step: listings, then trades, then members.
    const closed = await closePendingRequestsOfLeaving(tx, outbox, memberId, meta, now);
    const withdrawn = await withdrawListingsOf(tx, memberId, now);
    const member = (await lockMembers(tx, [memberId])).get(memberId);
    if (!member) throw new AppError('UNAUTHENTICATED');
    // Under the locks: a trade accepted, or another administrator's status removed, meanwhile.
    const locked = await blockers(tx, memberId, { lock: true });
    refuse(locked.trades, locked.lastAdmin);

    const email = member.email;
    await eraseMemberDetails(tx, memberId, now);
    await forgetSignIns(tx, memberId, email);
    await recordNotice(tx, outbox, {
      at: now,
      // To the address the member had, once: the only copy of it left is in this mail.
      memberMails: [
        {
          to: email,
          title: 'Your Jigsaw Club membership is closed',
          message:
            'You closed your Jigsaw Club membership. Your name, address, phone number and e-mail address ' +
            'have been erased, and you cannot sign in again. Your forum posts, feedback and messages stay ' +
            'under "a former member". If you would like to join again one day, you are very welcome to.',
        },
      ],
      audit: {
        actorId: memberId,
        entityType: 'user',
        entityId: memberId,
        action: 'close_membership',
        details: {
          cancelledRequests: closed.cancelled,
          declinedRequests: closed.declined,
          withdrawnListings: withdrawn,
          balance: member.puzzlePoints,
        },
        meta,
      },
      // Every other page the member has open signs out now.
      events: [{ userIds: [memberId], event: { type: 'session-ended', data: { message: MEMBERSHIP_CLOSED_MESSAGE } } }],
    });
  });
  listingCardsChanged();
  return { message: MEMBERSHIP_CLOSED_MESSAGE };
}
