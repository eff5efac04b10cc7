import {
  change,
  LAST_ADMIN_MESSAGE,
  isSuspended,
  SELF_ADMIN_MESSAGE,
  SUSPEND_ADMIN_MESSAGE,
  SUSPEND_SELF_MESSAGE,
  suspendedMessage,
  suspensionPeriod,
  UNTIL_IN_PAST_MESSAGE,
  type PointsAdjustmentBody,
  type SuspendBody,
} from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { memberDisplayName, type MemberAdmin } from '../../domain/members';
import { puzzlePointsLabel } from '../../domain/points';
import { withFullStop } from '../../domain/sentences';
import { endMemberSessions } from '../auth/accounts-service';
import type { User } from '../db/schema';
import { listingCardsChanged } from '../listings/listings-admin-service';
import { toMemberAdmin } from '../members/member-views';
import { lockMembers } from '../members/members-service';
import { findMember, lockAdministratorsAnd, setAdminFlag, setSuspension } from '../members/members-admin-service';
import { commitWithNotices, recordNotice, type NoticeDeps } from '../notices/notices';
import { changeBalance } from '../points/ledger';
import { closePendingRequestsOfSuspended } from '../trades/trades-service';
import { logAdminAction } from './activity-log';

// What an administrator does to a member (docs/product/administration.md): admin status, points, suspension.
// Each is one transaction that locks the member, re-checks the rules under the lock, makes the
// change through the room that owns it, and writes its activity-log row; the member is told
// after the commit. Guarding the guards: nobody changes their own admin status or balance or
// suspends themselves, no administrator is suspended, the club keeps an administrator, and no
// balance goes below zero.

export const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';
export const SELF_POINTS_MESSAGE = 'You cannot change your own balance. Please ask another administrator.';
export const SUSPENDED_ADMIN_MESSAGE = 'Lift the suspension before making this member an administrator.';
export const NOT_SUSPENDED_MESSAGE = 'This member is not suspended.';
export const CLOSED_MEMBERSHIP_MESSAGE = 'This membership is closed.';

const notFound = () => new AppError('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE);
const who = (m: User) => ({ id: m.id, name: memberDisplayName(m.firstName, m.lastName), email: m.email });

export async function setAdminStatus(
  deps: NoticeDeps,
  adminId: number,
  memberId: number,
  isAdmin: boolean,
  now: Date = new Date(),
): Promise<MemberAdmin> {
  if (memberId === adminId) throw new AppError('SELF_ADMIN', SELF_ADMIN_MESSAGE);
  const updated = await commitWithNotices(deps, async (tx, outbox) => {
    const locked = await lockAdministratorsAnd(tx, memberId);
    // Another administrator may have removed the caller's status a moment ago.
    if (!locked.get(adminId)?.isAdmin) throw new AppError('FORBIDDEN', 'Only administrators can do this.');
    const member = locked.get(memberId);
    if (!member) throw notFound();
    if (member.isAdmin === isAdmin) return member;
    if (isAdmin && isSuspended(member, now)) throw new AppError('CONFLICT', SUSPENDED_ADMIN_MESSAGE);
    // A closed membership can never sign in again, yet would count as the administrator the
    // club must keep (and let the last real one close their own membership).
    if (isAdmin && member.closedAt !== null) throw new AppError('CONFLICT', CLOSED_MEMBERSHIP_MESSAGE);
    const othersLeft = [...locked.values()].filter((u) => u.isAdmin && u.id !== memberId).length;
    if (!isAdmin && othersLeft === 0) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
    const row = await setAdminFlag(tx, memberId, isAdmin);
    await logAdminAction(
      tx,
      outbox,
      {
        adminId,
        action: 'set_admin_status',
        target: `user:${memberId}`,
        details: { member: who(member), isAdmin: change(member.isAdmin, isAdmin) },
      },
      now,
    );
    return row;
  });
  return toMemberAdmin(updated, now);
}

export async function adjustPoints(
  deps: NoticeDeps,
  adminId: number,
  memberId: number,
  body: PointsAdjustmentBody,
  now: Date = new Date(),
): Promise<MemberAdmin> {
  if (memberId === adminId) throw new AppError('BAD_REQUEST', SELF_POINTS_MESSAGE);
  const updated = await commitWithNotices(deps, async (tx, outbox) => {
    const member = (await lockMembers(tx, [memberId])).get(memberId);
    if (!member) throw notFound();
    const before = member.puzzlePoints;
    const name = memberDisplayName(member.firstName, member.lastName);
    if (before + body.amount < 0) {
      throw new AppError(
        'CONFLICT',
        `That would take ${name}'s balance below zero: they have ${puzzlePointsLabel(before)}.`,
      );
    }
    const grant = body.amount > 0;
    const after = await changeBalance(tx, {
      userId: memberId,
      amount: body.amount,
      reason: grant ? 'admin_grant' : 'admin_deduct',
      createdById: adminId,
      note: body.reason,
    });
    const points = puzzlePointsLabel(Math.abs(body.amount));
    await recordNotice(tx, outbox, {
      at: now,
      notifications: [
        {
          member,
          tradeRequestId: null,
          type: grant ? 'points_granted' : 'points_deducted',
          title: grant ? `The club added ${points} to your balance` : `The club took ${points} from your balance`,
          message: `${withFullStop(body.reason)} Your balance is now ${puzzlePointsLabel(after)}.`,
          link: { path: '/profile', label: 'See my PuzzlePoints' },
        },
      ],
      adminAction: {
        adminId,
        action: 'adjust_points',
        target: `user:${memberId}`,
        details: { member: who(member), amount: body.amount, reason: body.reason, balance: change(before, after) },
      },
    });
    return { ...member, puzzlePoints: after };
  });
  return toMemberAdmin(updated, now);
}

/** A suspension as the activity log records it: reason and end (null: until further notice). */
function suspensionDetails(member: User): { reason: string | null; until: string | null } | null {
  if (member.suspendedAt === null) return null;
  return { reason: member.suspensionReason, until: member.suspendedUntil?.toISOString() ?? null };
}

/**
 * Suspends a member (or changes a suspension in force): their sessions end at once and their
 * open pages are signed out, their puzzles leave browse, their pending requests close (no
 * points are held by those; accepted trades go on), and they are e-mailed why and until when.
 */
export async function suspendMember(
  deps: NoticeDeps,
  adminId: number,
  memberId: number,
  body: SuspendBody,
  now: Date = new Date(),
): Promise<MemberAdmin> {
  if (memberId === adminId) throw new AppError('BAD_REQUEST', SUSPEND_SELF_MESSAGE);
  const until = body.until === null ? null : new Date(body.until);
  if (until && until.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION', `Validation failed: until: ${UNTIL_IN_PAST_MESSAGE}`, [
      { path: 'until', message: UNTIL_IN_PAST_MESSAGE },
    ]);
  }
  const peek = await findMember(deps.db, memberId);
  if (!peek) throw notFound();
  if (peek.isAdmin) throw new AppError('BAD_REQUEST', SUSPEND_ADMIN_MESSAGE);

  const updated = await commitWithNotices(deps, async (tx, outbox) => {
    // Trades first (each locks its listing, then itself), the member last: the lock order of
    // every trade step, so a trade moving at this moment cannot deadlock with the suspension.
    const closed = await closePendingRequestsOfSuspended(tx, outbox, memberId, adminId, now);
    const member = (await lockMembers(tx, [memberId])).get(memberId)!;
    if (member.isAdmin) throw new AppError('BAD_REQUEST', SUSPEND_ADMIN_MESSAGE);
    const row = await setSuspension(tx, memberId, { at: now, until, reason: body.reason, byId: adminId });
    await endMemberSessions(tx, memberId);
    const message = suspendedMessage(until, body.reason);
    await recordNotice(tx, outbox, {
      at: now,
      memberMails: [
        {
          to: member.email,
          title: `Your Jigsaw Club membership is suspended ${suspensionPeriod(until)}`,
          message:
            `A club administrator has suspended your membership ${suspensionPeriod(until)}. ` +
            `The reason given: ${withFullStop(body.reason)} ` +
            'While it lasts you cannot sign in, your puzzles are not shown to other members, and any requests ' +
            'waiting for an answer have been closed. Trades already accepted carry on as normal. ' +
            'If you think this is a mistake, please contact the club.',
        },
      ],
      // Every page the member has open signs out now, and says why.
      events: [{ userIds: [memberId], event: { type: 'session-ended', data: { message } } }],
      adminAction: {
        adminId,
        action: 'suspend_member',
        target: `user:${memberId}`,
        details: {
          member: who(member),
          suspension: change(isSuspended(member, now) ? suspensionDetails(member) : null, {
            reason: body.reason,
            until: until?.toISOString() ?? null,
          }),
          cancelledRequests: closed.cancelled,
          declinedRequests: closed.declined,
        },
      },
    });
    return row;
  });
  // After the commit: browse may have remembered the member's cards meanwhile.
  listingCardsChanged();
  return toMemberAdmin(updated, now);
}

/** Lifts a suspension (one that has run out is cleared too): the member may sign in again. */
export async function unsuspendMember(
  deps: NoticeDeps,
  adminId: number,
  memberId: number,
  now: Date = new Date(),
): Promise<MemberAdmin> {
  const updated = await commitWithNotices(deps, async (tx, outbox) => {
    const member = (await lockMembers(tx, [memberId])).get(memberId);
    if (!member) throw notFound();
    if (member.suspendedAt === null) throw new AppError('CONFLICT', NOT_SUSPENDED_MESSAGE);
    const row = await setSuspension(tx, memberId, null);
    await recordNotice(tx, outbox, {
      at: now,
      memberMails: [
        {
          to: member.email,
          title: 'Your Jigsaw Club membership is active again',
          message:
            'A club administrator has lifted the suspension of your membership. You can sign in again, ' +
            'and your puzzles are shown to other members once more.',
        },
      ],
      adminAction: {
        adminId,
        action: 'unsuspend_member',
        target: `user:${memberId}`,
        details: {
          member: who(member),
          suspension: change(suspensionDetails(member), null),
        },
      },
    });
    return row;
  });
  listingCardsChanged();
  return toMemberAdmin(updated, now);
}
