import type { LedgerReason, ListingCondition, TradeStatus } from '../../../domain/enums';
import type { TradeAction } from '../../../domain/trades';

/** A trade as GET /api/trade-requests answers it, seen by one party (server trade-view.ts). */
export interface Trade {
  id: number;
  status: TradeStatus;
  role: 'requester' | 'owner' | 'admin';
  puzzleListingId: number;
  requesterId: number;
  ownerId: number;
  requesterName: string;
  ownerName: string;
  otherPartyId: number | null;
  otherPartyName: string | null;
  threadId: number | null;
  listing: {
    id: number;
    title: string;
    pieces: number;
    missingPieces: number;
    condition: ListingCondition;
    puzzleImageUrl: string | null;
    thumbnailUrl: string | null;
  };
  requestComments: string | null;
  puzzlePointsCost: number;
  heldPoints: number;
  declineReason: string | null;
  deliveryNotes: string | null;
  disputeDetails: string | null;
  disputedById: number | null;
  shipping: { carrierName: string | null; trackingNumber: string | null; shippingNotes: string | null } | null;
  requesterAddress: {
    fullName: string;
    line_1: string | null;
    line_2: string | null;
    locality: string | null;
    town_or_city: string | null;
    county: string | null;
    postcode: string | null;
    country: string;
  } | null;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  declinedAt: string | null;
  cancelledAt: string | null;
  disputedAt: string | null;
  resolvedAt: string | null;
  expiresAt: string | null;
  autoCompleteAt: string | null;
  availableActions: TradeAction[];
  feedbackGiven: boolean;
  canLeaveFeedback: boolean;
}

export type TradeRole = 'requester' | 'owner';

/** One feedback as the feedback calls answer it (server feedback/routes.ts). */
export interface Feedback {
  id: number;
  tradeRequestId: number;
  fromUserId: number;
  toUserId: number;
  fromName: string;
  puzzleTitle: string;
  rating: number;
  comment: string;
  createdAt: string;
  isVisible: boolean;
  response: { id: number; response: string; createdAt: string } | null;
}

/** GET /api/trade-requests/{id}/feedback. */
export interface TradeFeedback {
  given: Feedback | null;
  received: Feedback | null;
  /** The other party has rated this member, but it stays hidden until both have or 14 days pass. */
  receivedHidden: boolean;
  canLeave: boolean;
  visibleFrom: string | null;
}

/** One row of GET /api/points/transactions, newest first. */
export interface LedgerEntry {
  id: number;
  amount: number;
  balanceAfter: number;
  reason: LedgerReason;
  tradeRequestId: number | null;
  puzzleTitle: string | null;
  createdAt: string;
}

/** The listing the Request Puzzle dialog is about. */
export interface RequestListing {
  id: number;
  title: string;
  puzzlePoints: number;
  userId: number;
}
