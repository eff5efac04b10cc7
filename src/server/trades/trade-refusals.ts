import type { TradeStatus } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import { TRADE_TRANSITIONS, type TradeAction, type TradeRole } from '../../domain/trades';
import type { TradeRequest } from '../db/schema';

// What a refused trade step says (docs/product/trades.md#who-may-take-each-step,
// docs/api/trades.md): 404 for a trade that is not the caller's, 403 for the wrong member,
// 409 for the wrong state. Other features name TRADE_NOT_FOUND_MESSAGE in their routes' id
// parameters, so the wording is one.

export const TRADE_NOT_FOUND_MESSAGE = 'Trade request not found';
export const REQUESTER_PROFILE_INCOMPLETE_MESSAGE =
  'The member who asked has no complete postal address on their profile at the moment, so the request cannot be accepted yet.';
export const notFound = () => new AppError('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE);

const WRONG_PARTY: Partial<Record<TradeAction, string>> = {
  accept: 'Only the owner of the puzzle can accept this request.',
  decline: 'Only the owner of the puzzle can decline this request.',
  ship: 'Only the owner of the puzzle can mark it as sent.',
  cancel: 'Only the member who made the request can cancel it.',
  'confirm-delivery': 'Only the member who made the request can confirm that the puzzle arrived.',
  dispute: 'Only the two members in this trade can report a problem with it.',
  'resolve-complete': 'Only a club administrator can resolve a dispute.',
  'resolve-refund': 'Only a club administrator can resolve a dispute.',
};

const DONE_AS: Record<TradeAction, string> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  ship: 'marked as sent',
  'confirm-delivery': 'confirmed as received',
  dispute: 'reported as a problem',
  'resolve-complete': 'resolved',
  'resolve-refund': 'resolved',
  expire: 'expired',
  'auto-complete': 'completed',
  'ship-reminder': 'reminded',
  'ship-deadline': 'cancelled',
};

export function wrongStateMessage(action: TradeAction, status: TradeStatus): string {
  return `This trade is ${status}, so it cannot be ${DONE_AS[action]}.`;
}

/** 403 for the wrong party (whatever the state), then 409 for the wrong state. */
export function assertAllowed(action: TradeAction, trade: TradeRequest, role: TradeRole): void {
  const t = TRADE_TRANSITIONS[action];
  const rightParty = t.by === 'either' ? role === 'owner' || role === 'requester' : t.by === role;
  if (!rightParty) throw new AppError('FORBIDDEN', WRONG_PARTY[action]);
  if (!(t.from as readonly string[]).includes(trade.status)) {
    throw new AppError('INVALID_TRANSITION', wrongStateMessage(action, trade.status as TradeStatus));
  }
}
