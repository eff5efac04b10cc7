import { withFullStop } from '../../domain/sentences';
import { puzzlePointsLabel } from '../../domain/points';
import { SHIP_WITHIN_DAYS, TRADE_AUTO_COMPLETE_DAYS, TRADE_PENDING_EXPIRY_DAYS } from '../../domain/constants';
import { formatClubDayOrDate } from '../../domain/dates';
import { plural } from '../../domain/sentences';

// The words of every trade step, in one place: the system message in the trade's thread, and
// the notice (in-app notification and e-mail) the other member gets. Plain, complete
// sentences: many members read these aloud or print them. A system message about a member's
// own step speaks to them ('You accepted the request.'), and names them to the other member
// ('Dorothy B. accepted the request.'): `actorMessage` is the first, `systemMessage` the second
// (docs/decisions/0025-small-things-from-the-walk.md).

export type TradeStep =
  | 'request'
  | 'accept'
  | 'decline'
  | 'auto-decline'
  | 'withdrawn'
  | 'club-closed-request'
  | 'club-closed-ask'
  | 'cancel'
  | 'ship'
  | 'confirm-delivery'
  | 'dispute'
  | 'resolve-complete'
  | 'resolve-refund'
  | 'expire'
  | 'auto-complete'
  | 'feedback'
  // Trust between strangers (docs/product/trust.md).
  | 'arrived-incomplete'
  | 'ship-reminder'
  | 'ship-deadline';

export type StepFacts = {
  title: string;
  cost: number;
  requesterName: string;
  ownerName: string;
  /** For a dispute: which party raised it. */
  actorRole?: 'owner' | 'requester';
  /** cancel: whether points were held (and so went back). */
  wasHeld?: boolean;
  reason?: string | null;
  carrierName?: string | null;
  /** The owner handed the puzzle over in person rather than posting it. */
  handedOver?: boolean;
  trackingNumber?: string | null;
  details?: string | null;
  rating?: number;
  /** A request: the requester's own note to the owner, if they wrote one. */
  note?: string | null;
  /** The trade's own clocks, in days (the settings when it started: src/domain/settings.ts KNOWN_SETTINGS). */
  expiryDays?: number;
  autoCompleteDays?: number;
  /** The posting deadline: the days the owner was given, and the instant. */
  shipDays?: number;
  shipBy?: Date | null;
  /** The arrival check: pieces reported missing, the listing's declared count, points back. */
  missingPieces?: number;
  declaredMissing?: number;
  refund?: number;
};

export type Notice = {
  to: 'owner' | 'requester';
  type: string;
  title: string;
  message: string;
};

export type StepTexts = {
  systemMessage: string | null;
  /** The system message for the member who took the step (`actor`), in the second person. */
  actorMessage?: { actor: 'owner' | 'requester'; text: string };
  notices: Notice[];
};

const q = (title: string) => `"${title}"`;
const days = (n: number) => plural(n, 'day');

export function stepTexts(step: TradeStep, f: StepFacts): StepTexts {
  const points = puzzlePointsLabel(f.cost);
  const expiry = days(f.expiryDays ?? TRADE_PENDING_EXPIRY_DAYS);
  const autoComplete = days(f.autoCompleteDays ?? TRADE_AUTO_COMPLETE_DAYS);
  switch (step) {
    case 'request':
      return {
        systemMessage: `${f.requesterName} asked for ${q(f.title)} (${points}). ${f.ownerName} has ${expiry} to accept or decline. No points move until the request is accepted.`,
        actorMessage: {
          actor: 'requester',
          text: `You asked for ${q(f.title)} (${points}). ${f.ownerName} has ${expiry} to accept or decline. No points move until the request is accepted.`,
        },
        notices: [
          {
            to: 'owner',
            type: 'trade_requested',
            title: `New request for ${q(f.title)}`,
            // The requester's note goes with it, so the owner can answer from the e-mail alone.
            message: `${f.requesterName} would like your puzzle ${q(f.title)} for ${points}. Please accept or decline within ${expiry}.${f.note ? ` ${f.requesterName} wrote: "${f.note}"` : ''}`,
          },
        ],
      };
    case 'accept':
      return {
        systemMessage: `${f.ownerName} accepted the request. ${points} from ${f.requesterName} are held by the club until the puzzle arrives. ${f.ownerName} can now see the delivery address.`,
        actorMessage: {
          actor: 'owner',
          text: `You accepted the request. ${points} from ${f.requesterName} are held by the club until the puzzle arrives. You can now see the delivery address.`,
        },
        notices: [
          {
            to: 'requester',
            type: 'trade_accepted',
            title: `Your request for ${q(f.title)} was accepted`,
            message: `${f.ownerName} accepted your request. ${points} are held until you confirm the puzzle has arrived.`,
          },
        ],
      };
    case 'decline': {
      const why = f.reason ? ` Reason given: ${f.reason}` : '';
      return {
        systemMessage: `${f.ownerName} declined the request. No points were taken.${why}`,
        actorMessage: { actor: 'owner', text: `You declined the request. No points were taken.${why}` },
        notices: [
          {
            to: 'requester',
            type: 'trade_declined',
            title: `Your request for ${q(f.title)} was declined`,
            message: `${f.ownerName} declined your request. No points were taken.${why}`,
          },
        ],
      };
    }
    case 'auto-decline':
      return {
        systemMessage: `This request was declined because ${q(f.title)} has gone to another member. No points were taken.`,
        notices: [
          {
            to: 'requester',
            type: 'trade_declined',
            title: `${q(f.title)} has gone to another member`,
            message: `Sorry, ${q(f.title)} has gone to another member, so your request was declined. No points were taken.`,
          },
        ],
      };
    case 'withdrawn':
      return {
        systemMessage: `This request was closed because ${f.ownerName} took ${q(f.title)} off the club. No points were taken.`,
        actorMessage: {
          actor: 'owner',
          text: `This request was closed because you took ${q(f.title)} off the club. No points were taken.`,
        },
        notices: [
          {
            to: 'requester',
            type: 'trade_declined',
            title: `${q(f.title)} is no longer available`,
            message: `${f.ownerName} took ${q(f.title)} off the club, so your request was closed. No points were taken; you are welcome to choose another puzzle.`,
          },
        ],
      };
    // An administrator suspended a member (docs/product/trades.md#suspension-and-trades): their open asks close. The other
    // member is not told why (that is between the club and the member), only what it means.
    case 'club-closed-request':
      return {
        systemMessage: `The club closed this request from ${f.requesterName}. No points were taken.`,
        notices: [
          {
            to: 'owner',
            type: 'trade_cancelled',
            title: `The request for ${q(f.title)} was closed`,
            message: `The club closed ${f.requesterName}'s request for ${q(f.title)}, so there is nothing for you to do. No points were taken, and the puzzle stays available to other members.`,
          },
        ],
      };
    case 'club-closed-ask':
      return {
        systemMessage: `The club closed this request because ${q(f.title)} is not available at the moment. No points were taken.`,
        notices: [
          {
            to: 'requester',
            type: 'trade_declined',
            title: `${q(f.title)} is not available at the moment`,
            message: `${q(f.title)} is not available at the moment, so the club closed your request. No points were taken; you are welcome to choose another puzzle.`,
          },
        ],
      };
    case 'cancel': {
      const refund = f.wasHeld ? ` The ${points} held for the trade went back to ${withFullStop(f.requesterName)}` : '';
      return {
        systemMessage: `${f.requesterName} cancelled the request.${refund}`,
        actorMessage: {
          actor: 'requester',
          text: `You cancelled the request.${f.wasHeld ? ` The ${points} held for the trade went back to you.` : ''}`,
        },
        notices: [
          {
            to: 'owner',
            type: 'trade_cancelled',
            title: `The request for ${q(f.title)} was cancelled`,
            message: `${f.requesterName} cancelled their request for ${q(f.title)}.${f.wasHeld ? ' Please do not send the puzzle. It is available to other members again.' : ''}`,
          },
        ],
      };
    }
    case 'ship': {
      if (f.handedOver) {
        return {
          systemMessage: `${f.ownerName} has handed over the puzzle. ${f.requesterName}, please confirm that you have it.`,
          actorMessage: {
            actor: 'owner',
            text: `You have handed over the puzzle. ${f.requesterName} will confirm that they have it.`,
          },
          notices: [
            {
              to: 'requester',
              type: 'trade_shipped',
              title: `${q(f.title)} was handed over`,
              message: `${f.ownerName} says they handed ${q(f.title)} to you. Please confirm that you have it, or report a problem. If you do neither, the trade completes by itself after ${autoComplete}.`,
            },
          ],
        };
      }
      const tracking = [
        f.carrierName ? `Carrier: ${f.carrierName}.` : null,
        f.trackingNumber ? `Tracking number: ${f.trackingNumber}.` : null,
      ]
        .filter(Boolean)
        .join(' ');
      return {
        systemMessage: `${f.ownerName} has sent the puzzle.${tracking ? ` ${tracking}` : ''} ${f.requesterName}, please confirm when it arrives.`,
        actorMessage: {
          actor: 'owner',
          text: `You have sent the puzzle.${tracking ? ` ${tracking}` : ''} ${f.requesterName} will confirm when it arrives.`,
        },
        notices: [
          {
            to: 'requester',
            type: 'trade_shipped',
            title: `${q(f.title)} is on its way`,
            message: `${f.ownerName} has sent ${q(f.title)}.${tracking ? ` ${tracking}` : ''} Please confirm when it arrives, or report a problem. If you do neither, the trade completes by itself after ${autoComplete}.`,
          },
        ],
      };
    }
    case 'confirm-delivery':
      return {
        systemMessage: `${f.requesterName} confirmed that the puzzle arrived. ${points} went to ${withFullStop(f.ownerName)} The trade is complete: you can now leave feedback for each other.`,
        actorMessage: {
          actor: 'requester',
          text: `You confirmed that the puzzle arrived. ${points} went to ${withFullStop(f.ownerName)} The trade is complete: you can now leave feedback for each other.`,
        },
        notices: [
          {
            to: 'owner',
            type: 'trade_completed',
            title: `${q(f.title)} arrived: you received ${points}`,
            message: `${f.requesterName} confirmed that ${q(f.title)} arrived, and ${points} were added to your balance. You can now leave feedback.`,
          },
        ],
      };
    case 'dispute': {
      const by = f.actorRole === 'owner' ? f.ownerName : f.requesterName;
      const other = f.actorRole === 'owner' ? 'requester' : 'owner';
      const onHold =
        'The trade is on hold until a club administrator has looked at it. The points stay held meanwhile.';
      return {
        systemMessage: `${by} reported a problem: ${f.details ?? ''} ${onHold}`,
        actorMessage: {
          actor: f.actorRole ?? 'requester',
          text: `You reported a problem: ${f.details ?? ''} ${onHold}`,
        },
        notices: [
          {
            to: other,
            type: 'trade_disputed',
            title: `A problem was reported with ${q(f.title)}`,
            message: `${by} reported a problem with the trade: ${f.details ?? ''} A club administrator will look at it and contact you both.`,
          },
        ],
      };
    }
    case 'resolve-complete': {
      const message = `A club administrator has resolved the problem with ${q(f.title)}: the trade is complete and ${points} went to ${withFullStop(f.ownerName)}`;
      return {
        systemMessage: message,
        notices: [
          { to: 'owner', type: 'trade_resolved', title: `The problem with ${q(f.title)} was resolved`, message },
          { to: 'requester', type: 'trade_resolved', title: `The problem with ${q(f.title)} was resolved`, message },
        ],
      };
    }
    case 'resolve-refund': {
      const message = `A club administrator has resolved the problem with ${q(f.title)}: the ${points} went back to ${f.requesterName} and the puzzle is listed again.`;
      return {
        systemMessage: message,
        notices: [
          { to: 'owner', type: 'trade_refunded', title: `The problem with ${q(f.title)} was resolved`, message },
          { to: 'requester', type: 'trade_refunded', title: `The problem with ${q(f.title)} was resolved`, message },
        ],
      };
    }
    case 'expire':
      return {
        systemMessage: `This request expired because it was not answered within ${expiry}. No points were taken.`,
        notices: [
          {
            to: 'requester',
            type: 'trade_expired',
            title: `Your request for ${q(f.title)} expired`,
            message: `${f.ownerName} did not answer your request for ${q(f.title)} within ${expiry}, so it has expired. No points were taken; you are welcome to request it again or choose another puzzle.`,
          },
        ],
      };
    case 'auto-complete': {
      const message = `The trade for ${q(f.title)} completed by itself ${autoComplete} after the puzzle was sent. ${points} went to ${withFullStop(f.ownerName)} You can now leave feedback for each other.`;
      return {
        systemMessage: message,
        notices: [
          { to: 'owner', type: 'trade_completed', title: `The trade for ${q(f.title)} is complete`, message },
          { to: 'requester', type: 'trade_completed', title: `The trade for ${q(f.title)} is complete`, message },
        ],
      };
    }
    case 'arrived-incomplete': {
      const back = puzzlePointsLabel(f.refund ?? 0);
      const rest = puzzlePointsLabel(f.cost - (f.refund ?? 0));
      const missing = plural(f.missingPieces ?? 0, 'piece');
      const declared = `the listing said ${f.declaredMissing ? plural(f.declaredMissing, 'piece') : 'none'} missing`;
      const split = `${back} went back to ${f.requesterName} and ${rest} to ${withFullStop(f.ownerName)}`;
      return {
        systemMessage: `${f.requesterName} confirmed that the puzzle arrived with ${missing} missing (${declared}). ${split} The trade is complete: you can now leave feedback for each other.`,
        actorMessage: {
          actor: 'requester',
          text: `You confirmed that the puzzle arrived with ${missing} missing (${declared}). ${back} came back to you and ${rest} went to ${withFullStop(f.ownerName)} The trade is complete: you can now leave feedback for each other.`,
        },
        notices: [
          {
            to: 'owner',
            type: 'trade_completed',
            title: `${q(f.title)} arrived with pieces missing`,
            message: `${f.requesterName} confirmed that ${q(f.title)} arrived with ${missing} missing, more than the listing said. By the club's rule ${back} went back to ${f.requesterName}, and ${rest} were added to your balance. You can now leave feedback.`,
          },
          {
            to: 'requester',
            type: 'trade_completed',
            title: `${back} back for the missing pieces of ${q(f.title)}`,
            message: `You told us ${q(f.title)} arrived with ${missing} missing, more than the listing said. ${back} went back to your balance and ${rest} went to ${withFullStop(f.ownerName)}`,
          },
        ],
      };
    }
    case 'ship-reminder': {
      const by = f.shipBy ? formatClubDayOrDate(f.shipBy) : 'the deadline';
      return {
        systemMessage: `A reminder from the club: ${f.ownerName}, please post ${q(f.title)} and mark it as sent by ${by}.`,
        notices: [
          {
            to: 'owner',
            type: 'trade_ship_reminder',
            title: `Please post ${q(f.title)} by ${by}`,
            message: `${f.requesterName} is waiting for ${q(f.title)}. Please post it and mark it as sent by ${by}. If it is not marked as sent by then, the trade cancels itself and the ${points} go back to ${withFullStop(f.requesterName)}`,
          },
        ],
      };
    }
    case 'ship-deadline': {
      const within = days(f.shipDays ?? SHIP_WITHIN_DAYS);
      const message = `The trade for ${q(f.title)} was cancelled because the puzzle was not marked as sent within ${within} of acceptance. The ${points} went back to ${f.requesterName} and the puzzle is available again.`;
      return {
        systemMessage: message,
        notices: [
          {
            to: 'owner',
            type: 'trade_cancelled',
            title: `The trade for ${q(f.title)} was cancelled`,
            message: `${message} It counts as 'not posted in time' in your trading record.`,
          },
          {
            to: 'requester',
            type: 'trade_cancelled',
            title: `The trade for ${q(f.title)} was cancelled`,
            message: `${message} You are welcome to choose another puzzle.`,
          },
        ],
      };
    }
    case 'feedback': {
      return {
        systemMessage: null,
        notices: [
          {
            to: f.actorRole === 'owner' ? 'requester' : 'owner',
            type: 'feedback_received',
            title: `You received feedback for ${q(f.title)}`,
            message: `${f.actorRole === 'owner' ? f.ownerName : f.requesterName} left feedback about your trade for ${q(f.title)}. It is shown once you have left yours too, or 14 days after the trade completed.`,
          },
        ],
      };
    }
  }
}

/**
 * The e-mail every administrator gets when a party reports a problem: who, what, and where to
 * decide it (Trade disputes on /admin). Administrators have no part in the trade's thread or
 * notifications, so this is their only notice.
 */
export function adminDisputeNotice(tradeNumber: string, f: StepFacts): { title: string; message: string } {
  const by = f.actorRole === 'owner' ? `${f.ownerName} (the owner)` : `${f.requesterName} (the requester)`;
  return {
    title: `A problem was reported with ${q(f.title)} (${tradeNumber})`,
    message:
      `${by} reported a problem with ${tradeNumber}, ${q(f.title)} between ${f.requesterName} and ${f.ownerName}: ` +
      `${f.details ?? ''} The ${puzzlePointsLabel(f.cost)} stay held until an administrator decides. ` +
      `Please open Trade disputes in the admin panel to pay ${f.ownerName} or refund ${withFullStop(f.requesterName)}`,
  };
}
