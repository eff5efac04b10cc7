import { z } from 'zod';
import { LISTING_CONDITIONS, TRADE_STATUSES, type TradeStatus } from '../../domain/enums';
import { availableTradeActions, POINTS_HELD_STATUSES, TRADE_ACTIONS, type TradeRole } from '../../domain/trades';
import { displayName, fullName, thumbnailFor } from './display';
import type { TradeViewRow } from './trades-repository';

// The one shape a trade has in every answer, built for one viewer: each party sees the
// buttons that are theirs, and private details only when the trade needs them.

const isoOrNull = z.string().nullable();

export const tradeViewSchema = z.object({
  id: z.number(),
  status: z.enum(TRADE_STATUSES),
  /** Who is looking: the member who asked, the puzzle's owner, or a club administrator. */
  role: z.enum(['requester', 'owner', 'admin']),
  puzzleListingId: z.number(),
  requesterId: z.number(),
  ownerId: z.number(),
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
  /** Where to send the puzzle: the owner only, and only while the points are held. */
  requesterAddress: z
    .object({
      fullName: z.string(),
      line_1: z.string().nullable(),
      line_2: z.string().nullable(),
      locality: z.string().nullable(),
      town_or_city: z.string().nullable(),
      county: z.string().nullable(),
      postcode: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
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
  availableActions: z.array(z.enum(TRADE_ACTIONS)),
  feedbackGiven: z.boolean(),
  canLeaveFeedback: z.boolean(),
});
export type TradeView = z.infer<typeof tradeViewSchema>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toTradeView(row: TradeViewRow, viewer: { id: number; role: TradeRole }): TradeView {
  const { trade: t, listing, requester, owner } = row;
  const role = viewer.role === 'admin' ? 'admin' : viewer.role === 'owner' ? 'owner' : 'requester';
  const status = t.status as TradeStatus;
  const requesterName = displayName(requester.firstName, requester.lastName);
  const ownerName = displayName(owner.firstName, owner.lastName);
  const addressVisible = role === 'owner' && (POINTS_HELD_STATUSES as readonly TradeStatus[]).includes(status);
  const shippingVisible = role !== 'requester' || t.shippedAt !== null;
  const hasShipping = t.carrierName !== null || t.trackingNumber !== null || t.shippingNotes !== null;
  return {
    id: t.id,
    status,
    role,
    puzzleListingId: t.puzzleListingId,
    requesterId: t.requesterId,
    ownerId: t.ownerId,
    requesterName,
    ownerName,
    otherPartyId: role === 'admin' ? null : role === 'owner' ? t.requesterId : t.ownerId,
    otherPartyName: role === 'admin' ? null : role === 'owner' ? requesterName : ownerName,
    threadId: role === 'admin' ? null : t.threadId,
    listing: {
      id: listing.id,
      title: listing.title,
      pieces: listing.pieces,
      missingPieces: listing.missingPieces,
      condition: listing.condition,
      puzzleImageUrl: listing.puzzleImageUrl ?? listing.boxImageUrl,
      thumbnailUrl: thumbnailFor(listing.puzzleImageUrl ?? listing.boxImageUrl),
    },
    requestComments: t.requestComments,
    puzzlePointsCost: t.puzzlePointsCost,
    heldPoints: t.heldPoints,
    declineReason: t.declineReason,
    deliveryNotes: t.deliveryNotes,
    disputeDetails: t.disputeDetails,
    disputedById: t.disputedById,
    shipping:
      shippingVisible && hasShipping
        ? { carrierName: t.carrierName, trackingNumber: t.trackingNumber, shippingNotes: t.shippingNotes }
        : null,
    requesterAddress: addressVisible
      ? {
          fullName: fullName(requester.firstName, requester.lastName),
          line_1: requester.line_1,
          line_2: requester.line_2,
          locality: requester.locality,
          town_or_city: requester.town_or_city,
          county: requester.county,
          postcode: requester.postcode,
          country: requester.country,
        }
      : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    acceptedAt: iso(t.acceptedAt),
    shippedAt: iso(t.shippedAt),
    deliveredAt: iso(t.deliveredAt),
    completedAt: iso(t.completedAt),
    declinedAt: iso(t.declinedAt),
    cancelledAt: iso(t.cancelledAt),
    disputedAt: iso(t.disputedAt),
    resolvedAt: iso(t.resolvedAt),
    expiresAt: status === 'pending' ? iso(t.expiresAt) : null,
    autoCompleteAt: status === 'shipped' ? iso(t.autoCompleteAt) : null,
    availableActions: availableTradeActions(status, viewer.role),
    feedbackGiven: Boolean(row.feedbackGiven),
    canLeaveFeedback: role !== 'admin' && status === 'completed' && !row.feedbackGiven,
  };
}
