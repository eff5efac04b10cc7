import { and, desc, eq, sql } from 'drizzle-orm';
import type { LedgerReason } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import { GRANT_REASONS, type LedgerEntry } from '../../domain/points';
import { queryRows, type DbOrTx } from '../db/client';
import { oneOf } from '../db/schema/columns';
import { pointsLedger, puzzleListings, tradeRequests, users } from '../db/schema';

// The points room: the one door every balance change goes through, and the member's own
// history of them.

/**
 * The only way a balance changes (docs/product/points.md#the-ledger): lock the member's row, apply the change and
 * write one ledger row, all inside the caller's transaction. A change that would take the
 * balance below zero is refused with 409 and nothing is written.
 */
export async function changeBalance(
  tx: DbOrTx,
  change: {
    userId: number;
    amount: number;
    reason: LedgerReason;
    tradeRequestId?: number | null;
    createdById?: number | null;
    note?: string | null;
  },
): Promise<number> {
  const [locked] = await tx
    .select({ balance: users.puzzlePoints })
    .from(users)
    .where(eq(users.id, change.userId))
    .for('no key update');
  if (!locked) throw new AppError('NOT_FOUND', 'Member not found');
  const balanceAfter = locked.balance + change.amount;
  if (balanceAfter < 0) throw new AppError('BALANCE_TOO_LOW');
  await tx
    .update(users)
    .set({ puzzlePoints: sql`${users.puzzlePoints} + ${change.amount}` })
    .where(eq(users.id, change.userId));
  await tx.insert(pointsLedger).values({
    userId: change.userId,
    amount: change.amount,
    balanceAfter,
    reason: change.reason,
    tradeRequestId: change.tradeRequestId ?? null,
    createdById: change.createdById ?? null,
    note: change.note ?? null,
  });
  return balanceAfter;
}

/**
 * Only the demo seed writes history: the ledger rows this transaction wrote for a trade
 * (created_at = now(), the transaction's start) move to `at`.
 */
export async function backdateTradeLedger(tx: DbOrTx, tradeRequestId: number, at: Date): Promise<void> {
  await tx
    .update(pointsLedger)
    .set({ createdAt: at })
    .where(and(eq(pointsLedger.tradeRequestId, tradeRequestId), sql`${pointsLedger.createdAt} = now()`));
}

/**
 * The conservation figures (docs/product/points.md#the-points-invariant), in ONE statement so they are read at one instant (a
 * trade committing between two statements would make honest figures look wrong): points in
 * members' balances, points held for trades, and every point granted (welcome gifts and
 * admin grants, less deductions). inBalances + held = granted, always.
 */
export async function pointsConservation(db: DbOrTx): Promise<{ inBalances: number; held: number; granted: number }> {
  const [row] = await queryRows<{ inBalances: number; held: number; granted: number }>(
    db,
    sql`SELECT (SELECT coalesce(sum(puzzle_points), 0) FROM users)::int AS "inBalances",
               (SELECT coalesce(sum(held_points), 0) FROM trade_requests)::int AS held,
               (SELECT coalesce(sum(amount), 0) FROM points_ledger WHERE ${oneOf('reason', GRANT_REASONS)})::int AS granted`,
  );
  return { inBalances: Number(row!.inBalances), held: Number(row!.held), granted: Number(row!.granted) };
}

export const LEDGER_LIST_LIMIT = 500;

/**
 * GET /points/transactions (docs/product/points.md#the-ledger): the member's own ledger, newest first. Each row
 * names the puzzle of its trade so the profile's 'PuzzlePoints history' reads on its own.
 */
export async function memberLedger(db: DbOrTx, memberId: number, limit = LEDGER_LIST_LIMIT): Promise<LedgerEntry[]> {
  const rows = await db
    .select({
      id: pointsLedger.id,
      amount: pointsLedger.amount,
      balanceAfter: pointsLedger.balanceAfter,
      reason: pointsLedger.reason,
      tradeRequestId: pointsLedger.tradeRequestId,
      puzzleTitle: puzzleListings.title,
      createdAt: pointsLedger.createdAt,
    })
    .from(pointsLedger)
    .leftJoin(tradeRequests, eq(tradeRequests.id, pointsLedger.tradeRequestId))
    .leftJoin(puzzleListings, eq(puzzleListings.id, tradeRequests.puzzleListingId))
    .where(eq(pointsLedger.userId, memberId))
    // In the order the balance changed, so each balanceAfter follows on from the row below.
    // Not by created_at: that is the transaction's start, and a transaction that started
    // first can write its row after another's (it waits for the member's row lock). Ids are
    // taken under that lock, so they follow the balance.
    .orderBy(desc(pointsLedger.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
