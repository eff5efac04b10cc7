import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { closedMemberEmail, FORMER_MEMBER_NAME } from '../../domain/members';
import { memberStatus } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { memberProfiles, userActivities, users, type NewUserActivity, type User } from '../db/schema';
import { memberPageRow, type PageRow } from './member-pages-repository';

// The members room: the `users` rows as other features need them. A trade locks its two
// members and counts a completed trade; a dispute tells the administrators; feedback asks
// whether a member's page (and so their feedback) may be shown. (Signing in, the profile form and the points balance change their
// own columns in their own rooms: auth, profile, points/ledger.ts.)

export const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';

/** Who is looking at a member's page. */
export type Viewer = { id: number; isAdmin: boolean };

/**
 * A member's page facts for `viewer`: 404 for no such member, and for a private page unless
 * the viewer is its owner or an administrator (docs/product/members.md#member-pages). What the page shows of the
 * member's other records (feedback, listings) is asked through here first.
 */
export async function visibleMemberPageRow(db: DbOrTx, memberId: number, viewer: Viewer): Promise<PageRow> {
  const row = await memberPageRow(db, memberId);
  if (!maySeePage(row, memberId, viewer)) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE);
  return row;
}

/** Whether `viewer` may see the member's page, and so what it shows (the feedback they received). */
export async function memberPageVisible(db: DbOrTx, memberId: number, viewer: Viewer): Promise<boolean> {
  return maySeePage(await memberPageRow(db, memberId), memberId, viewer);
}

function maySeePage(row: PageRow | null, memberId: number, viewer: Viewer): row is PageRow {
  // Private or suspended: the owner and administrators only (a suspended member also leaves the directory).
  return row !== null && ((row.isProfilePublic && !row.isSuspended) || viewer.id === memberId || viewer.isAdmin);
}

/**
 * The member `viewer` may write to from their page (decision 0028): their page is visible to
 * the viewer and their membership is active. Anyone else, a suspended or closed membership
 * included, answers 404, as their page does; the rules are the same as for any message.
 */
export async function requireMessageableMember(db: DbOrTx, memberId: number, viewer: Viewer): Promise<PageRow> {
  const row = await visibleMemberPageRow(db, memberId, viewer);
  const member = (await membersById(db, [memberId])).get(memberId);
  if (!member || memberStatus(member) !== 'active') throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE);
  return row;
}

/** Members by id, without locks. */
export async function membersById(db: DbOrTx, ids: number[]): Promise<Map<number, User>> {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * SELECT … FOR NO KEY UPDATE of these members, in id order (the deadlock rule: two trades
 * between the same pair never lock them in opposite orders). Not FOR UPDATE: that lock also
 * blocks the foreign-key checks (FOR KEY SHARE) of every insert naming the member (a
 * notification, a message, a trade), which deadlocked against transactions holding the rows
 * those inserts wait on. Ids never change, so no key is ever updated.
 */
export async function lockMembers(db: DbOrTx, ids: number[]): Promise<Map<number, User>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, sorted))
    .orderBy(asc(users.id))
    .for('no key update');
  return new Map(rows.map((u) => [u.id, u]));
}

/** One more completed trade for each of these members (the dashboard's 'Successful trades'). */
export async function countCompletedTrade(db: DbOrTx, memberIds: number[]): Promise<void> {
  await db
    .update(users)
    .set({ completedTrades: sql`${users.completedTrades} + 1` })
    .where(inArray(users.id, memberIds));
}

/** The administrators' e-mail addresses, in id order, leaving out `exceptIds`. */
export async function administratorEmails(db: DbOrTx, exceptIds: number[]): Promise<string[]> {
  return (await administrators(db, exceptIds)).map((r) => r.email);
}

/** The administrators (id and e-mail), in id order, leaving out `exceptIds` (uses users_is_admin_idx). */
export async function administrators(db: DbOrTx, exceptIds: number[]): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), exceptIds.length > 0 ? notInArray(users.id, exceptIds) : undefined))
    .orderBy(users.id);
}

/** Rows of members' activity feeds (the dashboard's Recent Activity, the community feed). */
export async function recordActivities(db: DbOrTx, rows: NewUserActivity[]): Promise<void> {
  if (rows.length > 0) await db.insert(userActivities).values(rows);
}

/**
 * A member has closed their membership (decision 0021): their personal details are erased on
 * the row, which stays so their trades, ledger rows, messages, posts and feedback keep an
 * author. The name becomes FORMER_MEMBER_NAME, the e-mail a unique address that can never
 * receive mail, the password and every profile field go, and the member page settings are
 * deleted. The balance stays on the row: the ledger's rows still add up to it, so no point
 * of the club's goes missing. The caller holds the member's lock.
 */
export async function eraseMemberDetails(tx: DbOrTx, memberId: number, now: Date): Promise<User> {
  const [row] = await tx
    .update(users)
    .set({
      email: closedMemberEmail(memberId),
      passwordHash: null,
      emailVerified: false,
      firstName: FORMER_MEMBER_NAME,
      lastName: null,
      profileImageUrl: null,
      phone: null,
      line_1: null,
      line_2: null,
      locality: null,
      town_or_city: null,
      county: null,
      postcode: null,
      // Their point goes with the postcode (docs/product/near-me.md#where-a-member-is).
      latitude: null,
      longitude: null,
      locatedPostcode: null,
      locateDueAt: null,
      preferredManufacturers: [],
      profileCompleted: false,
      bio: null,
      publicProfile: false,
      isAdmin: false,
      lastActiveAt: null,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, memberId))
    .returning();
  await tx.delete(memberProfiles).where(eq(memberProfiles.userId, memberId));
  return row!;
}
