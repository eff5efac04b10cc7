import type { Trade, TradeListRole } from '../../domain/trades';
import type { DbOrTx } from '../db/client';
import { notFound } from './trade-refusals';
import { toTradeView } from './trade-view';
import { memberTradeRows, tradeRow } from './trades-repository';

// A member's own trades, as they see them (docs/api/trades.md): the trades routes' reads.

/** At most this many trades in one list: far more than a member has. */
export const TRADE_LIST_LIMIT = 500;

/** A trade as one of its two members sees it; 404 for anyone else (it does not exist for them). */
export async function tradeForMember(db: DbOrTx, id: number, memberId: number): Promise<Trade> {
  const row = await tradeRow(db, id, memberId);
  if (!row || (row.trade.requesterId !== memberId && row.trade.ownerId !== memberId)) throw notFound();
  return toTradeView(row, { id: memberId, role: row.trade.ownerId === memberId ? 'owner' : 'requester' });
}

/** A member's trades, newest first; `role` narrows to the ones they asked for or received. */
export async function memberTrades(db: DbOrTx, memberId: number, role?: TradeListRole): Promise<Trade[]> {
  const rows = await memberTradeRows(db, memberId, role, TRADE_LIST_LIMIT);
  return rows.map((row) =>
    toTradeView(row, { id: memberId, role: row.trade.ownerId === memberId ? 'owner' : 'requester' }),
  );
}
