import type { TradeStatus } from '../../../../domain/enums';
import type { Trade } from '../../../../domain/trades';

/** The status in words, as each party reads it. */
export function tradeStatusText(trade: Pick<Trade, 'status' | 'role'>): string {
  const mine = trade.role === 'requester';
  const words: Record<TradeStatus, string> = {
    pending: mine ? 'Waiting for the owner to answer' : 'Waiting for your answer',
    accepted: mine ? 'Accepted – the owner will post it' : 'Accepted – please post the puzzle',
    shipped: mine ? 'Sent – on its way to you' : 'Sent – waiting for them to receive it',
    completed: 'Completed',
    declined: 'Declined',
    cancelled: 'Cancelled',
    disputed: 'Problem reported – a club administrator will look at it',
    refunded: 'Refunded – the points were returned',
    expired: 'Expired – not answered within 7 days',
  };
  return words[trade.status];
}

/** The short status word for badges. */
export const STATUS_LABELS: Record<TradeStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  shipped: 'Sent',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  disputed: 'Problem reported',
  refunded: 'Refunded',
  expired: 'Expired',
};

/** 'Trade #12', the number printed on the packing slip. */
export const tradeNumber = (id: number) => `Trade #${id}`;
