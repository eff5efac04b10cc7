import type { TradeStatus } from '../../../../domain/enums';

/** A trade's status in the admin panel's words. */
export const TRADE_STATUS_WORDS: Record<TradeStatus, string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  shipped: 'Sent',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
  refunded: 'Refunded',
  expired: 'Expired',
};
