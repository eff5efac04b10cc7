import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserListQuery, AdminUserSort } from '../../domain/admin';
import type { MemberAdmin } from '../../domain/members';
import type { DbOrTx } from '../db/client';
import { users, type User } from '../db/schema';
import { escapeLike } from '../listings/browse-query';
import { toMemberAdmin } from './member-views';
import { joinedMemberSql, memberStatusSql } from './membership-sql';
import { suspendedSql } from './suspension-sql';

// What the admin panel reads and changes of `users` (the members room's table): the users
// table with its search and sorts, admin status and suspensions, and the counts of the
// overview. The admin room decides who may do what; this file only reads and writes.

/** The search text: name and e-mail, lower-cased, as the trigram index of migration 0012 holds it. */
const searchText = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email})`;

/** Each sort's keys, matching an index of migration 0012 (id breaks ties, so pages never overlap). */
function sortKeys(sort: AdminUserSort | undefined, now: Date): SQL[] {
  switch (sort) {
    case 'name':
      return [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`];
    case 'email':
      return [sql`lower(${users.email})`];
    case 'puzzlePoints':
      return [sql`${users.puzzlePoints}`];
    case 'isAdmin':
      return [sql`${users.isAdmin}`];
    case 'hasSeenWelcomeGift':
      return [sql`${users.hasSeenWelcomeGift}`];
    case 'profileCompleted':
      return [sql`${users.profileCompleted}`];
    case 'joinedAt':
      return [sql`${users.joinedAt}`];
    // The one sort that depends on the clock (a suspension ends by itself), so no index can
    // hold it; a club's members are few enough to sort in memory.
    case 'suspended':
      return [suspendedSql(sql`${users}`, now)];
    case undefined:
      return [];
  }
}

/** One page of the users table, and how many members match. */
export async function adminMemberPage(
  db: DbOrTx,
  query: AdminUserListQuery,
  now: Date = new Date(),
): Promise<{ members: MemberAdmin[]; total: number }> {
  const q = query.q?.trim();
  const where = and(
    q ? sql`${searchText} LIKE '%' || lower(${escapeLike(q)}) || '%'` : undefined,
    query.role === 'admin' ? eq(users.isAdmin, true) : undefined,
    query.status ? memberStatusSql(sql`${users}`, query.status, now) : undefined,
  );
  const direction = (key: SQL) => (query.dir === 'desc' ? desc(key) : asc(key));
  const order = [...sortKeys(query.sort, now), sql`${users.id}`].map((key) =>
    // Without a sort: the order members joined in (a column's third click, "none": docs/product/screens.md#admin).
    query.sort ? direction(key) : asc(key),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { members: rows.map((row) => toMemberAdmin(row, now)), total: Number(counted?.n ?? 0) };
}

/** The member's row, or null. */
export async function findMember(db: DbOrTx, id: number): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Every administrator and the member `memberId`, locked (SELECT … FOR UPDATE) in id order,
 * the order every trade step locks members in. Two administrators changing each other's
 * status at once then run one after the other, and the second sees the first's change.
 */
export async function lockAdministratorsAnd(tx: DbOrTx, memberId: number): Promise<Map<number, User>> {
  const rows = await tx
    .select()
    .from(users)
    .where(or(eq(users.isAdmin, true), eq(users.id, memberId)))
    .orderBy(asc(users.id))
    .for('no key update');
  return new Map(rows.map((u) => [u.id, u]));
}

export async function setAdminFlag(tx: DbOrTx, id: number, isAdmin: boolean): Promise<User> {
  const [row] = await tx.update(users).set({ isAdmin }).where(eq(users.id, id)).returning();
  return row!;
}

export type Suspension = { at: Date; until: Date | null; reason: string; byId: number };

/** Starts (or, with null, lifts) a member's suspension. */
export async function setSuspension(tx: DbOrTx, id: number, suspension: Suspension | null): Promise<User> {
  const [row] = await tx
    .update(users)
    .set({
      suspendedAt: suspension?.at ?? null,
      suspendedUntil: suspension?.until ?? null,
      suspensionReason: suspension?.reason ?? null,
      suspendedById: suspension?.byId ?? null,
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** The overview's member figures at `now`: members counted as the directory counts them (joinedMemberSql). */
export async function memberCounts(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<{ total: number; joinedLast30Days: number; suspended: number; admins: number }> {
  const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      joinedLast30Days: sql<number>`(count(*) FILTER (WHERE ${users.joinedAt} > ${monthAgo}::timestamptz))::int`,
      suspended: sql<number>`(count(*) FILTER (WHERE ${suspendedSql(sql`${users}`, now)}))::int`,
      admins: sql<number>`(count(*) FILTER (WHERE ${users.isAdmin}))::int`,
    })
    .from(users)
    .where(joinedMemberSql(sql`${users}`));
  return {
    total: Number(row!.total),
    joinedLast30Days: Number(row!.joinedLast30Days),
    suspended: Number(row!.suspended),
    admins: Number(row!.admins),
  };
}

/** Every member's balance (the points tab's summary reads them through the domain's rule). */
export async function allBalances(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ points: users.puzzlePoints }).from(users);
  return rows.map((r) => r.points);
}
