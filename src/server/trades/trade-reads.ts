import type { Trade, TradeListRole } from '../../domain/trades';
import type { DbOrTx } from '../db/client';
import { notFound } from './trade-refusals';
import { toTradeView } from './trade-view';
import { memberTradeRows, tradeRow, type TradeViewRow } from './trades-repository';
import { tradingRecords } from './trades-service';

// A member's own trades, as they see them (docs/api/trades.md): the trades routes' reads.

/** At most this many trades in one list: far more than a member has. */
export const TRADE_LIST_LIMIT = 500;

/** A trade as one of its two members sees it; 404 for anyone else (it does not exist for them). */
export async function tradeForMember(db: DbOrTx, id: number, memberId: number): Promise<Trade> {
  const row = await tradeRow(db, id, memberId);
  if (!row || (row.trade.requesterId !== memberId && row.trade.ownerId !== memberId)) throw notFound();
  return (await viewsFor(db, [row], memberId))[0]!;
}

/** A member's trades, newest first; `role` narrows to the ones they asked for or received. */
export async function memberTrades(db: DbOrTx, memberId: number, role?: TradeListRole): Promise<Trade[]> {
  return viewsFor(db, await memberTradeRows(db, memberId, role, TRADE_LIST_LIMIT), memberId);
}

/**
 * The rows as `memberId` sees them; where they are the owner, with the requester's trading
 * record beside the request (docs/product/trust.md#the-trading-record): one query for them all.
 */
async function viewsFor(db: DbOrTx, rows: TradeViewRow[], memberId: number): Promise<Trade[]> {
  const asked = new Map<number, number>();
  for (const row of rows) {
    if (row.trade.ownerId === memberId) asked.set(row.trade.requesterId, Number(row.requester.completedTrades));
  }
  const records = await tradingRecords(
    db,
    [...asked].map(([id, completedTrades]) => ({ id, completedTrades })),
  );
  return rows.map((row) =>
    row.trade.ownerId === memberId
      ? toTradeView(row, { id: memberId, role: 'owner' }, records.get(row.trade.requesterId) ?? null)
      : toTradeView(row, { id: memberId, role: 'requester' }),
  );
}
