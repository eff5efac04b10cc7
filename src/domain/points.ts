// The PuzzlePoints ledger as members see it (docs/product/points.md#the-ledger, GET /points/transactions).

import { z } from 'zod';
import { LEDGER_REASONS, type LedgerReason } from './enums';

/** One row of the member's own ledger, newest first; it names the puzzle of its trade. */
export const ledgerEntrySchema = z
  .object({
    id: z.number(),
    /** Signed: positive credits the member, negative debits. */
    amount: z.number(),
    balanceAfter: z.number(),
    reason: z.enum(LEDGER_REASONS),
    tradeRequestId: z.number().nullable(),
    puzzleTitle: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;

/**
 * The reasons by which points enter or leave the club from outside trades: the "granted" of
 * the conservation rule of docs/product/points.md#the-points-invariant (balances + held points = points granted). A deduction by an
 * administrator is a negative grant. Trade reasons only move points between members.
 */
export const GRANT_REASONS = ['welcome_gift', 'admin_grant', 'admin_deduct'] as const satisfies readonly LedgerReason[];

export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  welcome_gift: 'Welcome gift',
  admin_grant: 'Granted by the club',
  admin_deduct: 'Deducted by the club',
  trade_hold: 'Held for a trade',
  trade_refund: 'Returned from a trade',
  trade_payment: 'Received for a trade',
  missing_pieces_refund: 'Back from a trade: pieces missing',
};

export function formatPointsAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

// The browse card's 'PuzzlePoint(s)' badge (its own Zod-free file, for the pages' first paint).
export { puzzlePointsLabel } from './points-label';
