import { summarizeBalances, type AdminMemberDetail, type AdminOverview, type PointsSummary } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { listingCountsByStatus, memberListingsForAdmin } from '../listings/listings-admin-service';
import { toMemberAdmin } from '../members/member-views';
import { allBalances, findMember, memberCounts } from '../members/members-admin-service';
import { memberLedger, pointsConservation } from '../points/ledger';
import { memberTradesForAdmin, tradeCountsByStatus } from '../trades/trades-admin-service';
import { MEMBER_NOT_FOUND_MESSAGE } from './member-actions';
import { countPendingReports, reportsAbout } from './reports-service';

// What the admin panel reads: the overview, the points summary and a member's page, each
// gathered from the rooms that own the figures.

export async function adminOverview(db: DbOrTx, now: Date = new Date()): Promise<AdminOverview> {
  const [members, listings, trades, openReports, points] = await Promise.all([
    memberCounts(db, now),
    listingCountsByStatus(db),
    tradeCountsByStatus(db),
    countPendingReports(db),
    pointsConservation(db),
  ]);
  return {
    members,
    listings,
    trades,
    openDisputes: trades.disputed,
    openReports,
    points: { ...points, agree: points.inBalances + points.held === points.granted },
  };
}

/** The points tab's summary, by the domain's rule (15 or more is high, exactly 5 standard). */
export async function pointsSummary(db: DbOrTx): Promise<PointsSummary> {
  return summarizeBalances(await allBalances(db));
}

/** A member as an administrator sees them: their account, trades, listings, ledger and reports about them. */
export async function memberDetail(
  db: DbOrTx,
  memberId: number,
  adminId: number,
  now: Date = new Date(),
): Promise<AdminMemberDetail> {
  const member = await findMember(db, memberId);
  if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE);
  const [trades, listings, ledger, reports] = await Promise.all([
    memberTradesForAdmin(db, memberId, adminId),
    memberListingsForAdmin(db, memberId),
    memberLedger(db, memberId),
    reportsAbout(db, memberId),
  ]);
  return { member: toMemberAdmin(member, now), trades, listings, ledger, reports };
}
