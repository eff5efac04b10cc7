// The PuzzlePoints ledger as members see it (CONTRACT section 4, GET /points/transactions).

import type { LedgerReason } from './enums';

export interface LedgerEntry {
  id: number;
  amount: number; // signed: positive credits the member, negative debits
  balanceAfter: number;
  reason: LedgerReason;
  tradeRequestId: number | null;
  createdAt: string;
}

export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  welcome_gift: 'Welcome gift',
  admin_grant: 'Granted by the club',
  trade_hold: 'Held for a trade',
  trade_refund: 'Returned from a trade',
  trade_payment: 'Received for a trade',
};

export function formatPointsAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

// The browse card's 'PuzzlePoint(s)' badge.
export function puzzlePointsLabel(points: number): string {
  return `${points} ${points === 1 ? 'PuzzlePoint' : 'PuzzlePoints'}`;
}
