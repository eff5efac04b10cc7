/** A disputed trade as GET /api/admin/trade-requests?status=disputed answers it (server trade-view.ts). */
export interface DisputedTrade {
  id: number;
  status: string;
  requesterId: number;
  ownerId: number;
  requesterName: string;
  ownerName: string;
  listing: { id: number; title: string; pieces: number; missingPieces: number };
  puzzlePointsCost: number;
  heldPoints: number;
  disputeDetails: string | null;
  disputedById: number | null;
  disputedAt: string | null;
  shipping: { carrierName: string | null; trackingNumber: string | null; shippingNotes: string | null } | null;
  createdAt: string;
  shippedAt: string | null;
}

export type DisputeOutcome = 'complete' | 'refund';
