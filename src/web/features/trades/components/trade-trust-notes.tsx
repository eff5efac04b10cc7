import { postByMessage } from '../../../../domain/trust';
import type { Trade } from '../../../../domain/trades';
import { plural } from '../../../../domain/sentences';
import { formatPuzzlePoints } from '../../../lib/format';

/**
 * What the club's trust rules say about this trade (docs/product/trust.md): the owner's
 * posting deadline while it is accepted, a trade that cancelled itself because nothing was
 * sent, and the arrival check's missing pieces and the points that came back for them.
 */
export function TradeTrustNotes({ trade }: { trade: Trade }) {
  const isOwner = trade.role === 'owner';
  const other = trade.otherPartyName ?? 'the other member';
  const missing = trade.missingPiecesReported;
  return (
    <>
      {isOwner && trade.status === 'accepted' && trade.shipBy && (
        <p className="rounded-md border-2 border-highlight-900 bg-highlight-100 p-3 font-semibold text-ink">
          {postByMessage(trade.shipBy)}
        </p>
      )}
      {trade.notSentInTime && (
        <p>This trade cancelled itself because the puzzle was not marked as sent in time. The points went back.</p>
      )}
      {missing !== null && trade.arrivedIncomplete && (
        <p className="rounded-md border-2 border-brand-700 bg-brand-50 p-3">
          {isOwner
            ? `${other} found ${plural(missing, 'piece')} missing, more than the listing said. ${formatPuzzlePoints(trade.missingPiecesRefund)} went back to them.`
            : `You found ${plural(missing, 'piece')} missing, more than the listing said. ${formatPuzzlePoints(trade.missingPiecesRefund)} came back to you.`}
        </p>
      )}
      {missing !== null && !trade.arrivedIncomplete && (
        <p>Arrived with {plural(missing, 'piece')} missing, as the listing said.</p>
      )}
    </>
  );
}
