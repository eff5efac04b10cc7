// Trade requests (docs/product/trades.md): action bodies, the state machine as data, and who may
// request a puzzle at all (docs/product/trades.md#requesting-a-puzzle).

import { z } from 'zod';
import { HANDOVERS, LISTING_CONDITIONS, REPORT_REASONS, REPORT_STATUSES, TRADE_STATUSES } from './enums';
import type { TradeStatus } from './enums';
import {
  DELIVERY_NOTES_MAX,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_RESPONSE_MAX,
  FEEDBACK_VISIBLE_AFTER_MS,
  RATING_MAX,
  RATING_MIN,
  REPORT_DETAILS_MAX,
  REQUEST_COMMENTS_MAX,
  SHIPPING_NOTES_MAX,
  MISSING_PIECES_REPORT_MAX,
} from './constants';
import {
  ARRIVAL_KINDS,
  MISSING_PIECES_COUNT_MESSAGE,
  MISSING_PIECES_NOT_EXPECTED_MESSAGE,
  tradingRecordSchema,
} from './trust';
import { idField, optionalText, requiredText } from './fields';
import { postalAddressSchema } from './members';
import { parcelSchema } from './postage';

export const PROVIDE_DETAILS_MESSAGE = 'Please provide details';

export const tradeRequestSchema = z.object({
  puzzleListingId: idField('Puzzle listing'),
  requestComments: optionalText('Comments', REQUEST_COMMENTS_MAX),
});
export type TradeRequestBody = z.output<typeof tradeRequestSchema>;

/** GET /api/trade-requests?role=: the trades a member asked for, or the ones asked of them. */
export const TRADE_LIST_ROLES = ['requester', 'owner'] as const;
export type TradeListRole = (typeof TRADE_LIST_ROLES)[number];

export const tradeListQuerySchema = z.object({
  role: z.enum(TRADE_LIST_ROLES, { error: 'Role must be requester or owner' }).optional(),
});

export const shipSchema = z.object({
  // Handed over in person (docs/product/near-me.md#hand-over): no carrier, no
  // tracking; the step reads 'Handed over'.
  handedOver: z.boolean({ error: 'handedOver must be true or false' }).optional(),
  carrierName: optionalText('Carrier', 100),
  trackingNumber: optionalText('Tracking number', 100),
  shippingNotes: optionalText('Shipping notes', SHIPPING_NOTES_MAX),
});
export type ShipBody = z.output<typeof shipSchema>;

/**
 * The arrival check (docs/product/trust.md#the-arrival-check): as described (the default), or
 * pieces missing with how many.
 */
export const confirmDeliverySchema = z
  .object({
    deliveryNotes: optionalText('Delivery notes', DELIVERY_NOTES_MAX),
    arrived: z.enum(ARRIVAL_KINDS, { error: 'Arrived must be as_described or missing_pieces' }).optional(),
    missingPieces: z
      .number({ error: MISSING_PIECES_COUNT_MESSAGE })
      .int({ error: MISSING_PIECES_COUNT_MESSAGE })
      .min(1, { error: MISSING_PIECES_COUNT_MESSAGE })
      .max(MISSING_PIECES_REPORT_MAX, { error: MISSING_PIECES_COUNT_MESSAGE })
      .nullish(),
  })
  .superRefine((body, ctx) => {
    const missing = body.arrived === 'missing_pieces';
    if (missing && (body.missingPieces === undefined || body.missingPieces === null)) {
      ctx.addIssue({ code: 'custom', path: ['missingPieces'], message: MISSING_PIECES_COUNT_MESSAGE });
    }
    if (!missing && body.missingPieces !== undefined && body.missingPieces !== null) {
      ctx.addIssue({ code: 'custom', path: ['missingPieces'], message: MISSING_PIECES_NOT_EXPECTED_MESSAGE });
    }
  });
export type ConfirmDeliveryBody = z.output<typeof confirmDeliverySchema>;

export const declineSchema = z.object({ reason: optionalText('Reason', 500) });
export type DeclineBody = z.output<typeof declineSchema>;

export const disputeSchema = z.object({
  details: requiredText('Details', REPORT_DETAILS_MAX, PROVIDE_DETAILS_MESSAGE),
});
export type DisputeBody = z.output<typeof disputeSchema>;

const RATING_MESSAGE = `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;

export const feedbackSchema = z.object({
  rating: z
    .number({ error: RATING_MESSAGE })
    .int({ error: RATING_MESSAGE })
    .min(RATING_MIN, { error: RATING_MESSAGE })
    .max(RATING_MAX, { error: RATING_MESSAGE }),
  comment: requiredText('Comment', FEEDBACK_COMMENT_MAX, 'Comment is required'),
});
export type FeedbackBody = z.output<typeof feedbackSchema>;

export const feedbackResponseSchema = z.object({
  response: requiredText('Response', FEEDBACK_RESPONSE_MAX, 'Response is required'),
});
export type FeedbackResponseBody = z.output<typeof feedbackResponseSchema>;

export const feedbackReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: requiredText('Details', REPORT_DETAILS_MAX, PROVIDE_DETAILS_MESSAGE),
});
export type FeedbackReportBody = z.output<typeof feedbackReportSchema>;

export const resolveDisputeSchema = z.object({
  outcome: z.enum(['complete', 'refund'], { error: 'Outcome must be complete or refund' }),
  notes: optionalText('Notes', 500),
});
export type ResolveDisputeBody = z.output<typeof resolveDisputeSchema>;

// ---------------------------------------------------------------------------------------
// State machine

export const TRADE_ACTIONS = [
  'accept',
  'decline',
  'cancel',
  'ship',
  'confirm-delivery',
  'dispute',
  'resolve-complete',
  'resolve-refund',
  'expire',
  'auto-complete',
  // The posting deadline (docs/product/trust.md#the-posting-deadline): the half-time reminder, and the cancellation.
  'ship-reminder',
  'ship-deadline',
] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];

export type TradeActor = 'owner' | 'requester' | 'either' | 'admin' | 'system';
// Who is asking: a party to the trade, an administrator, or the scheduler.
export type TradeRole = 'owner' | 'requester' | 'admin' | 'system';

export interface TradeTransition {
  from: readonly TradeStatus[];
  to: TradeStatus;
  by: TradeActor;
}

export const TRADE_TRANSITIONS: Readonly<Record<TradeAction, TradeTransition>> = {
  accept: { from: ['pending'], to: 'accepted', by: 'owner' },
  decline: { from: ['pending'], to: 'declined', by: 'owner' },
  cancel: { from: ['pending', 'accepted'], to: 'cancelled', by: 'requester' },
  ship: { from: ['accepted'], to: 'shipped', by: 'owner' },
  'confirm-delivery': { from: ['shipped'], to: 'completed', by: 'requester' },
  dispute: { from: ['accepted', 'shipped'], to: 'disputed', by: 'either' },
  'resolve-complete': { from: ['disputed'], to: 'completed', by: 'admin' },
  'resolve-refund': { from: ['disputed'], to: 'refunded', by: 'admin' },
  expire: { from: ['pending'], to: 'expired', by: 'system' },
  'auto-complete': { from: ['shipped'], to: 'completed', by: 'system' },
  'ship-reminder': { from: ['accepted'], to: 'accepted', by: 'system' },
  'ship-deadline': { from: ['accepted'], to: 'cancelled', by: 'system' },
};

// Requests that block a second request for the same listing (409) and still hold a claim.
export const OPEN_TRADE_STATUSES = ['pending', 'accepted', 'shipped', 'disputed'] as const;
// Between acceptance and the end of the trade the cost sits in escrow.
export const POINTS_HELD_STATUSES = ['accepted', 'shipped', 'disputed'] as const;

export function isOpenTrade(status: TradeStatus): boolean {
  return (OPEN_TRADE_STATUSES as readonly TradeStatus[]).includes(status);
}

export function canPerform(action: TradeAction, status: TradeStatus, role: TradeRole): boolean {
  const t = TRADE_TRANSITIONS[action];
  if (!t.from.includes(status)) return false;
  if (t.by === 'either') return role === 'owner' || role === 'requester';
  return t.by === role;
}

export function nextTradeStatus(action: TradeAction): TradeStatus {
  return TRADE_TRANSITIONS[action].to;
}

// The buttons a party or admin sees for a trade in this state.
export function availableTradeActions(status: TradeStatus, role: TradeRole): TradeAction[] {
  return TRADE_ACTIONS.filter((action) => canPerform(action, status, role));
}

/**
 * The next step of a trade is this party's: the owner answers a pending request and sends an
 * accepted puzzle, the requester confirms a sent one (My Trades opens on the tab where one
 * waits). Cancel and report a problem are always there, so they do not count.
 */
export function waitsFor(status: TradeStatus, role: 'requester' | 'owner'): boolean {
  return role === 'owner' ? status === 'pending' || status === 'accepted' : status === 'shipped';
}

// ---------------------------------------------------------------------------------------
// Who may request

export const PROFILE_INCOMPLETE_MESSAGE =
  'Complete your profile first. You need to add your full name, phone number, and postal address to request puzzles.';
export const OWN_LISTING_MESSAGE = 'You cannot request your own puzzle listing.';

export function insufficientPointsMessage(balance: number, cost: number): string {
  return `Insufficient puzzle points. You have ${balance} points but need ${cost} points.`;
}

export type RequestBlockerCode = 'OWN_LISTING' | 'PROFILE_INCOMPLETE' | 'INSUFFICIENT_POINTS';

export interface RequestEligibility {
  profileComplete: boolean;
  balance: number;
  cost: number;
  isOwner: boolean;
}

// Owner first: the other two are moot for one's own puzzle and would only mislead. Then the
// profile, since topping up points does not help someone without an address.
export function requestBlockerCode(input: RequestEligibility): RequestBlockerCode | null {
  if (input.isOwner) return 'OWN_LISTING';
  if (!input.profileComplete) return 'PROFILE_INCOMPLETE';
  if (input.balance < input.cost) return 'INSUFFICIENT_POINTS';
  return null;
}

export function requestBlocker(input: RequestEligibility): string | null {
  switch (requestBlockerCode(input)) {
    case 'OWN_LISTING':
      return OWN_LISTING_MESSAGE;
    case 'PROFILE_INCOMPLETE':
      return PROFILE_INCOMPLETE_MESSAGE;
    case 'INSUFFICIENT_POINTS':
      return insufficientPointsMessage(input.balance, input.cost);
    case null:
      return null;
  }
}

// docs/product/trades.md#feedback: visible once both parties have left feedback, or 14 days after completion.
export function isFeedbackVisible(input: {
  bothLeft: boolean;
  completedAt: Date | string | null | undefined;
  now?: Date;
}): boolean {
  if (input.bothLeft) return true;
  if (!input.completedAt) return false;
  const now = (input.now ?? new Date()).getTime();
  return now - new Date(input.completedAt).getTime() >= FEEDBACK_VISIBLE_AFTER_MS;
}

// ---------------------------------------------------------------------------------------
// Answers

const isoOrNull = z.string().nullable();

/**
 * A trade as one viewer sees it (every trade answer): each party gets the buttons that are
 * theirs, and private details only when the trade needs them.
 */
export const tradeViewSchema = z
  .object({
    id: z.number(),
    status: z.enum(TRADE_STATUSES),
    /** Who is looking: the member who asked, the puzzle's owner, or a club administrator. */
    role: z.enum(['requester', 'owner', 'admin']),
    puzzleListingId: z.number(),
    requesterId: z.number(),
    ownerId: z.number(),
    /** 'Margaret H.' */
    requesterName: z.string(),
    ownerName: z.string(),
    otherPartyId: z.number().nullable(),
    otherPartyName: z.string().nullable(),
    threadId: z.number().nullable(),
    listing: z.object({
      id: z.number(),
      title: z.string(),
      pieces: z.number(),
      missingPieces: z.number(),
      condition: z.enum(LISTING_CONDITIONS),
      puzzleImageUrl: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
      /** How the owner offered it: by post, in person or either. */
      handover: z.enum(HANDOVERS),
      /** The boxed puzzle's parcel, for the packing slip's postage estimate. */
      parcel: parcelSchema.nullable(),
    }),
    requestComments: z.string().nullable(),
    puzzlePointsCost: z.number(),
    heldPoints: z.number(),
    declineReason: z.string().nullable(),
    deliveryNotes: z.string().nullable(),
    disputeDetails: z.string().nullable(),
    disputedById: z.number().nullable(),
    /** The owner's shipping details: the owner always, the requester once it is sent. */
    shipping: z
      .object({
        carrierName: z.string().nullable(),
        trackingNumber: z.string().nullable(),
        shippingNotes: z.string().nullable(),
      })
      .nullable(),
    /** The owner handed the puzzle over in person: its 'sent' step reads 'Handed over'. */
    handedOver: z.boolean(),
    /** Where to send the puzzle (the trade partner view's address): the owner only, while the points are held. */
    requesterAddress: postalAddressSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    acceptedAt: isoOrNull,
    shippedAt: isoOrNull,
    deliveredAt: isoOrNull,
    completedAt: isoOrNull,
    declinedAt: isoOrNull,
    cancelledAt: isoOrNull,
    disputedAt: isoOrNull,
    resolvedAt: isoOrNull,
    /** When a pending request expires by itself. */
    expiresAt: isoOrNull,
    /** When a shipped trade completes by itself. */
    autoCompleteAt: isoOrNull,
    /** While accepted: the posting deadline (docs/product/trust.md#the-posting-deadline). */
    shipBy: isoOrNull,
    /** Cancelled by itself because it was not marked sent by `shipBy`. */
    notSentInTime: z.boolean(),
    /** The arrival check: pieces the requester found missing (null: as described). */
    missingPiecesReported: z.number().nullable(),
    /** More pieces were missing than the listing declared. */
    arrivedIncomplete: z.boolean(),
    /** Points that went back to the requester for the missing pieces. */
    missingPiecesRefund: z.number(),
    /** The owner's view only (null for others): the requester has not completed a trade yet ('New member'). */
    requesterIsNewTrader: z.boolean().nullable(),
    /** The owner's view only (null for others): the requester's trading record. */
    requesterRecord: tradingRecordSchema.nullable(),
    availableActions: z.array(z.enum(TRADE_ACTIONS)),
    feedbackGiven: z.boolean(),
    canLeaveFeedback: z.boolean(),
  })
  .meta({ id: 'Trade' });
export type Trade = z.output<typeof tradeViewSchema>;

/** The rated member's one answer to a piece of feedback. */
export const feedbackReplySchema = z.object({ id: z.number(), response: z.string(), createdAt: z.string() });

/** One piece of feedback, wherever it is shown. */
export const feedbackViewSchema = z
  .object({
    id: z.number(),
    tradeRequestId: z.number(),
    fromUserId: z.number(),
    toUserId: z.number(),
    /** 'Margaret H.' */
    fromName: z.string(),
    puzzleTitle: z.string(),
    rating: z.number(),
    comment: z.string(),
    createdAt: z.string(),
    isVisible: z.boolean(),
    response: feedbackReplySchema.nullable(),
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.output<typeof feedbackViewSchema>;

/** GET /api/trade-requests/{id}/feedback: both sides of one trade's feedback, as the caller may see them. */
export const tradeFeedbackSchema = z.object({
  /** What the caller wrote: always theirs to see. */
  given: feedbackViewSchema.nullable(),
  /** What the other party wrote, once it is visible. */
  received: feedbackViewSchema.nullable(),
  /** The other party has rated, but it stays hidden until the caller rates or 14 days pass. */
  receivedHidden: z.boolean(),
  canLeave: z.boolean(),
  /** When hidden feedback becomes visible by time (14 days after completion). */
  visibleFrom: z.string().nullable(),
});
export type TradeFeedback = z.output<typeof tradeFeedbackSchema>;

/** POST /api/feedback/{id}/response: the reply, with the feedback it answers. */
export const feedbackReplyCreatedSchema = feedbackReplySchema.extend({ feedbackId: z.number() });
export type FeedbackReply = z.output<typeof feedbackReplyCreatedSchema>;

/** A report of feedback (or of its reply), waiting for an administrator. */
export const feedbackReportViewSchema = z.object({
  id: z.number(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
