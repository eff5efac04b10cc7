import { TRADE_STATUSES, type TradeStatus } from '../../domain/enums';
import type { Trade } from '../../domain/trades';
import type { DbOrTx } from '../db/client';
import { notFound } from './trade-refusals';
import { TRADE_LIST_LIMIT } from './trade-reads';
import { toTradeView } from './trade-view';
import { countTradesByStatus, disputedTradeRows, memberTradeRows, tradeRow } from './trades-repository';

// Trades for the admin panel (docs/product/administration.md, docs/api/admin.md): a trade and a
// member's trades as an administrator sees them, the overview's counts and the disputes
// waiting for a decision. Deciding a dispute is a step like any other: applyTradeCommand
// (trade-life-cycle-service.ts) with an administrator as the actor.

/** At most this many disputes in one answer: far more than a club has open at once. */
export const DISPUTES_LIST_LIMIT = 200;

/** A trade as an administrator sees it (no thread, no address, the decision buttons). */
export async function tradeForAdmin(db: DbOrTx, id: number, adminId: number): Promise<Trade> {
  const row = await tradeRow(db, id, null);
  if (!row) throw notFound();
  return toTradeView(row, { id: adminId, role: 'admin' });
}

/** A member's trades as an administrator sees them (the admin panel's member page), newest first. */
export async function memberTradesForAdmin(db: DbOrTx, memberId: number, adminId: number): Promise<Trade[]> {
  const rows = await memberTradeRows(db, memberId, undefined, TRADE_LIST_LIMIT);
  return rows.map((row) => toTradeView(row, { id: adminId, role: 'admin' }));
}

/** How many trades are in each status, every status named (the admin overview). */
export async function tradeCountsByStatus(db: DbOrTx): Promise<Record<TradeStatus, number>> {
  const counts = Object.fromEntries(TRADE_STATUSES.map((s) => [s, 0])) as Record<TradeStatus, number>;
  for (const row of await countTradesByStatus(db)) counts[row.status as TradeStatus] = Number(row.n);
  return counts;
}

/** The disputes waiting for an administrator's decision, the one waiting longest first. */
export async function disputedTrades(db: DbOrTx, adminId: number): Promise<Trade[]> {
  const rows = await disputedTradeRows(db, DISPUTES_LIST_LIMIT);
  return rows.map((row) => toTradeView(row, { id: adminId, role: 'admin' }));
}
