import { eq, sql } from 'drizzle-orm';
import type { LedgerReason } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { pointsLedger, users } from '../db/schema';

/**
 * The only way a balance changes (CONTRACT §4): lock the member's row, apply the change and
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
    .for('update');
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
