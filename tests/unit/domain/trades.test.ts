import { describe, expect, it } from 'vitest';
import {
  OPEN_TRADE_STATUSES,
  TRADE_ACTIONS,
  TRADE_STATUSES,
  TRADE_TRANSITIONS,
  availableTradeActions,
  canPerform,
  confirmDeliverySchema,
  declineSchema,
  disputeSchema,
  feedbackReportSchema,
  feedbackResponseSchema,
  feedbackSchema,
  isFeedbackVisible,
  isOpenTrade,
  nextTradeStatus,
  requestBlocker,
  requestBlockerCode,
  resolveDisputeSchema,
  shipSchema,
  tradeRequestSchema,
} from '../../../src/domain';
import type { TradeAction, TradeRole, TradeStatus } from '../../../src/domain';
import { accepts, messageAt } from './issues';

describe('trade bodies', () => {
  it('a request needs a listing id and takes comments up to 500 characters', () => {
    expect(messageAt(tradeRequestSchema, {}, 'puzzleListingId')).toBe('Puzzle listing is required');
    expect(accepts(tradeRequestSchema, { puzzleListingId: 3 })).toBe(true);
    expect(accepts(tradeRequestSchema, { puzzleListingId: 3, requestComments: 'x'.repeat(500) })).toBe(true);
    expect(
      messageAt(tradeRequestSchema, { puzzleListingId: 3, requestComments: 'x'.repeat(501) }, 'requestComments'),
    ).toBe('Comments must be at most 500 characters');
  });

  it('shipping, delivery and decline notes are optional, at most 500 characters', () => {
    expect(accepts(shipSchema, {})).toBe(true);
    expect(
      accepts(shipSchema, { carrierName: 'Royal Mail', trackingNumber: 'AB123', shippingNotes: 'x'.repeat(500) }),
    ).toBe(true);
    expect(messageAt(shipSchema, { shippingNotes: 'x'.repeat(501) }, 'shippingNotes')).toBe(
      'Shipping notes must be at most 500 characters',
    );
    expect(messageAt(confirmDeliverySchema, { deliveryNotes: 'x'.repeat(501) }, 'deliveryNotes')).toBe(
      'Delivery notes must be at most 500 characters',
    );
    expect(accepts(declineSchema, {})).toBe(true);
    expect(accepts(declineSchema, { reason: 'x'.repeat(501) })).toBe(false);
  });

  it('a dispute needs details: "Please provide details"', () => {
    expect(messageAt(disputeSchema, { details: '  ' }, 'details')).toBe('Please provide details');
    expect(accepts(disputeSchema, { details: 'x'.repeat(500) })).toBe(true);
    expect(accepts(disputeSchema, { details: 'x'.repeat(501) })).toBe(false);
  });

  it('feedback takes a whole rating from 1 to 5 and a comment of 1 to 1000 characters', () => {
    for (const rating of [1, 5]) expect(accepts(feedbackSchema, { rating, comment: 'Great' })).toBe(true);
    for (const rating of [0, 6, 2.5]) {
      expect(messageAt(feedbackSchema, { rating, comment: 'Great' }, 'rating')).toBe(
        'Rating must be a whole number from 1 to 5',
      );
    }
    expect(messageAt(feedbackSchema, { rating: 4, comment: '' }, 'comment')).toBe('Comment is required');
    expect(accepts(feedbackSchema, { rating: 4, comment: 'x'.repeat(1000) })).toBe(true);
    expect(accepts(feedbackSchema, { rating: 4, comment: 'x'.repeat(1001) })).toBe(false);
  });

  it('a feedback response needs 1 to 500 characters', () => {
    expect(messageAt(feedbackResponseSchema, { response: '' }, 'response')).toBe('Response is required');
    expect(accepts(feedbackResponseSchema, { response: 'x'.repeat(500) })).toBe(true);
    expect(accepts(feedbackResponseSchema, { response: 'x'.repeat(501) })).toBe(false);
  });

  it('a feedback report needs a reason and details', () => {
    expect(accepts(feedbackReportSchema, { reason: 'spam', details: 'Advert' })).toBe(true);
    expect(messageAt(feedbackReportSchema, { reason: 'spam', details: '' }, 'details')).toBe('Please provide details');
    expect(accepts(feedbackReportSchema, { reason: 'rude', details: 'x' })).toBe(false);
  });

  it('an admin resolves a dispute as complete or refund', () => {
    expect(accepts(resolveDisputeSchema, { outcome: 'complete' })).toBe(true);
    expect(accepts(resolveDisputeSchema, { outcome: 'refund' })).toBe(true);
    expect(messageAt(resolveDisputeSchema, { outcome: 'split' }, 'outcome')).toBe('Outcome must be complete or refund');
  });
});

describe('trade state machine', () => {
  // docs/product/trades.md#who-may-take-each-step, written out independently of TRADE_TRANSITIONS.
  const expected: Record<TradeAction, [TradeStatus[], TradeStatus, TradeRole[]]> = {
    accept: [['pending'], 'accepted', ['owner']],
    decline: [['pending'], 'declined', ['owner']],
    cancel: [['pending', 'accepted'], 'cancelled', ['requester']],
    ship: [['accepted'], 'shipped', ['owner']],
    'confirm-delivery': [['shipped'], 'completed', ['requester']],
    dispute: [['accepted', 'shipped'], 'disputed', ['owner', 'requester']],
    'resolve-complete': [['disputed'], 'completed', ['admin']],
    'resolve-refund': [['disputed'], 'refunded', ['admin']],
    expire: [['pending'], 'expired', ['system']],
    'auto-complete': [['shipped'], 'completed', ['system']],
    'ship-reminder': [['accepted'], 'accepted', ['system']],
    'ship-deadline': [['accepted'], 'cancelled', ['system']],
  };
  const roles: TradeRole[] = ['owner', 'requester', 'admin', 'system'];

  it('covers every action', () => {
    expect(Object.keys(TRADE_TRANSITIONS).sort()).toEqual([...TRADE_ACTIONS].sort());
  });

  for (const action of TRADE_ACTIONS) {
    const [from, to, who] = expected[action];
    it(`${action}: ${from.join('/')} -> ${to}, by ${who.join(' or ')} only`, () => {
      expect(nextTradeStatus(action)).toBe(to);
      for (const status of TRADE_STATUSES) {
        for (const role of roles) {
          expect(canPerform(action, status, role)).toBe(from.includes(status) && who.includes(role));
        }
      }
    });
  }

  it('final states allow nothing', () => {
    for (const status of ['completed', 'declined', 'cancelled', 'refunded', 'expired'] as const) {
      for (const role of roles) expect(availableTradeActions(status, role)).toEqual([]);
    }
  });

  it('lists what each party may do in a state', () => {
    expect(availableTradeActions('pending', 'owner')).toEqual(['accept', 'decline']);
    expect(availableTradeActions('pending', 'requester')).toEqual(['cancel']);
    expect(availableTradeActions('accepted', 'requester')).toEqual(['cancel', 'dispute']);
    expect(availableTradeActions('shipped', 'requester')).toEqual(['confirm-delivery', 'dispute']);
    expect(availableTradeActions('disputed', 'admin')).toEqual(['resolve-complete', 'resolve-refund']);
  });

  it('open trades are the ones not yet finished', () => {
    expect([...OPEN_TRADE_STATUSES]).toEqual(['pending', 'accepted', 'shipped', 'disputed']);
    expect(isOpenTrade('pending')).toBe(true);
    expect(isOpenTrade('declined')).toBe(false);
  });
});

describe('requestBlocker', () => {
  const ok = { profileComplete: true, balance: 5, cost: 5, isOwner: false };

  it('allows a complete profile with enough points on another member’s listing', () => {
    expect(requestBlocker(ok)).toBeNull();
    expect(requestBlockerCode(ok)).toBeNull();
  });

  it('refuses one’s own listing first, whatever else is wrong', () => {
    expect(requestBlocker({ profileComplete: false, balance: 0, cost: 5, isOwner: true })).toBe(
      'You cannot request your own puzzle listing.',
    );
  });

  it('then asks for a complete profile', () => {
    expect(requestBlocker({ ...ok, profileComplete: false, balance: 0 })).toBe(
      'Complete your profile first. You need to add your full name, phone number, and postal address to request puzzles.',
    );
    expect(requestBlockerCode({ ...ok, profileComplete: false })).toBe('PROFILE_INCOMPLETE');
  });

  it('then names the balance and the cost', () => {
    expect(requestBlocker({ ...ok, balance: 3, cost: 8 })).toBe(
      'Insufficient puzzle points. You have 3 points but need 8 points.',
    );
    expect(requestBlockerCode({ ...ok, balance: 4 })).toBe('INSUFFICIENT_POINTS');
  });
});

describe('isFeedbackVisible', () => {
  const completedAt = new Date('2024-06-01T00:00:00Z');
  const day = 24 * 60 * 60 * 1000;

  it('shows feedback once both parties have left it', () => {
    expect(isFeedbackVisible({ bothLeft: true, completedAt, now: completedAt })).toBe(true);
  });

  it('otherwise shows it 14 days after completion', () => {
    expect(
      isFeedbackVisible({ bothLeft: false, completedAt, now: new Date(completedAt.getTime() + 14 * day - 1) }),
    ).toBe(false);
    expect(isFeedbackVisible({ bothLeft: false, completedAt, now: new Date(completedAt.getTime() + 14 * day) })).toBe(
      true,
    );
    expect(isFeedbackVisible({ bothLeft: false, completedAt: null })).toBe(false);
  });
});
