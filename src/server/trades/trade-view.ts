import type { TradeStatus } from '../../domain/enums';
import { availableTradeActions, POINTS_HELD_STATUSES, type Trade, type TradeRole } from '../../domain/trades';
import { isNewTrader, type TradingRecord } from '../../domain/trust';
import { toMemberPublic, toTradePartner } from '../members/member-views';
import { thumbnailFor } from '../uploads/image-store';
import type { TradeViewRow } from './trades-repository';

// The one shape a trade has in every answer (tradeViewSchema in src/domain/trades.ts), built
// for one viewer: each party sees the buttons that are theirs, and private details only when
// the trade needs them.

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * `requesterRecord`: the requester's trading record, given only for the owner's view
 * (docs/product/trust.md#new-traders): the owner decides whether to accept from it.
 */
export function toTradeView(
  row: TradeViewRow,
  viewer: { id: number; role: TradeRole },
  requesterRecord: TradingRecord | null = null,
): Trade {
  const { trade: t, listing, requester, owner } = row;
  const role = viewer.role === 'admin' ? 'admin' : viewer.role === 'owner' ? 'owner' : 'requester';
  const status = t.status as TradeStatus;
  // The owner posts the puzzle, so sees where to while the points are held; nobody else does.
  const addressVisible = role === 'owner' && (POINTS_HELD_STATUSES as readonly TradeStatus[]).includes(status);
  const requesterView = toTradePartner({ id: t.requesterId, ...requester }, addressVisible);
  const requesterName = requesterView.name;
  const ownerName = toMemberPublic({ id: t.ownerId, ...owner }).name;
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
      handover: listing.handover,
      parcel:
        listing.parcelWeightGrams === null
          ? null
          : {
              weightGrams: listing.parcelWeightGrams,
              lengthCm: listing.parcelLengthCm!,
              widthCm: listing.parcelWidthCm!,
              depthCm: listing.parcelDepthCm!,
            },
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
    handedOver: t.handedOver,
    requesterAddress: requesterView.address,
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
    shipBy: status === 'accepted' ? iso(t.shipBy) : null,
    notSentInTime: t.notSentInTime,
    missingPiecesReported: t.missingPiecesReported,
    arrivedIncomplete: t.arrivedIncomplete,
    missingPiecesRefund: t.missingPiecesRefund,
    requesterIsNewTrader: role === 'owner' ? isNewTrader({ completedTrades: Number(requester.completedTrades) }) : null,
    requesterRecord: role === 'owner' ? requesterRecord : null,
    availableActions: availableTradeActions(status, viewer.role),
    feedbackGiven: Boolean(row.feedbackGiven),
    canLeaveFeedback: role !== 'admin' && status === 'completed' && !row.feedbackGiven,
  };
}
