// Trust between strangers (docs/product/trust.md): the new-trader limit, the trading record in
// words, the missing-piece refund, and 'I am away'. Pure rules and texts, shared by the server
// (which enforces them) and the pages (which say them).

import { z } from 'zod';
import { AWAY_MAX_DAYS, DAY_MS, MISSING_PIECES_REPORT_MAX } from './constants';
import { clubDayStart, formatClubDayOrDate } from './dates';
import { plural } from './sentences';

// ---------------------------------------------------------------------------------------
// New traders

/** A member who has not completed a trade yet, as either party. */
export function isNewTrader(member: { completedTrades: number }): boolean {
  return member.completedTrades === 0;
}

/** The 409 a new trader gets for one request too many: the number, and when the limit goes. */
export function newTraderLimitMessage(limit: number): string {
  return `New members can have up to ${plural(limit, 'request')} open at a time. This limit goes as soon as your first trade is complete.`;
}

/** The owner's words beside a requester who has not completed a trade yet. */
export const NEW_MEMBER_BADGE = 'New member';

// ---------------------------------------------------------------------------------------
// The trading record

export const tradingRecordSchema = z
  .object({
    completedTrades: z.number(),
    /** As owner: puzzles marked sent, and how many within `onTimeShippingDays` of acceptance. */
    sent: z.number(),
    sentOnTime: z.number(),
    /** As owner: accepted trades that cancelled themselves because nothing was sent in time. */
    notSent: z.number(),
    /** As owner: puzzles that arrived (trades completed), as described or with more pieces missing than listed. */
    received: z.number(),
    arrivedAsDescribed: z.number(),
    arrivedIncomplete: z.number(),
    /** The club's trading.onTimeShippingDays now, for the words ('Posted within 3 days'). */
    onTimeShippingDays: z.number(),
  })
  .meta({ id: 'TradingRecord' });
export type TradingRecord = z.output<typeof tradingRecordSchema>;

/** The record as members read it, one line each: 'Posted within 3 days: 9 of 10'. */
export function tradingRecordLines(record: TradingRecord): string[] {
  return [
    `Posted within ${plural(record.onTimeShippingDays, 'day')}: ${record.sentOnTime} of ${record.sent}`,
    `Arrived as described: ${record.arrivedAsDescribed} of ${record.received}`,
    `Not posted in time: ${record.notSent}`,
  ];
}

// ---------------------------------------------------------------------------------------
// The posting deadline

/** The owner's words on an accepted trade: 'Please post it by 3 Dec.' */
export function postByMessage(shipBy: Date | string, now: Date | string = new Date()): string {
  return `Please post it by ${formatClubDayOrDate(shipBy, now)}. If it is not marked as sent by then, the trade cancels itself and the points go back.`;
}

// ---------------------------------------------------------------------------------------
// The arrival check

export const ARRIVAL_KINDS = ['as_described', 'missing_pieces'] as const;
export type ArrivalKind = (typeof ARRIVAL_KINDS)[number];

export const MISSING_PIECES_COUNT_MESSAGE = `Please say how many pieces are missing: a whole number from 1 to ${MISSING_PIECES_REPORT_MAX}`;
export const MISSING_PIECES_NOT_EXPECTED_MESSAGE =
  'Leave the number of missing pieces out when the puzzle arrived as described';

/** Whether the requester found more pieces missing than the listing declared. */
export function arrivedIncomplete(reported: number | null | undefined, declared: number): boolean {
  return reported !== null && reported !== undefined && reported > declared;
}

/** The points of `cost` that go back to the requester for missing pieces: rounded up, never more than the cost. */
export function missingPieceRefund(cost: number, percent: number): number {
  return Math.min(cost, Math.ceil((cost * percent) / 100));
}

// ---------------------------------------------------------------------------------------
// Away

type AwayColumns = { awayFrom: Date | string | number | null; awayUntil: Date | string | number | null };

/** Away now: from has come and until has not. It starts and ends by itself. */
export function isAway(member: AwayColumns, now: Date = new Date()): boolean {
  if (!member.awayFrom || !member.awayUntil) return false;
  const t = now.getTime();
  return new Date(member.awayFrom).getTime() <= t && t < new Date(member.awayUntil).getTime();
}

/** When the member is back, while they are away now; null otherwise. */
export function awayUntilNow(member: AwayColumns, now: Date = new Date()): string | null {
  return isAway(member, now) ? new Date(member.awayUntil!).toISOString() : null;
}

/** A holiday set and not yet over (under way or still to come): the member's own view of it. */
export function awayNotOver(member: AwayColumns, now: Date = new Date()): boolean {
  return member.awayUntil !== null && new Date(member.awayUntil).getTime() > now.getTime();
}

/** '{name} is away until {date}.': on their pages, and the 409 for a request to them. */
export function awayMessage(name: string, until: Date | string, now: Date | string = new Date()): string {
  return `${name} is away until ${formatClubDayOrDate(until, now)}.`;
}

export const AWAY_UNTIL_REQUIRED_MESSAGE = 'Please choose the date you will be back';
export const AWAY_DATE_MESSAGE = 'Please give a date such as 2026-03-12';
export const AWAY_UNTIL_AFTER_FROM_MESSAGE = 'The date you are back must be after the date you go away';
export const AWAY_TOO_LONG_MESSAGE = `You can be away for up to ${AWAY_MAX_DAYS} days ahead. Please choose an earlier date to be back.`;

/** A day ('2026-03-12': midnight on the club's clock) or an ISO 8601 time. */
const awayInstant = (requiredMessage?: string) =>
  z
    .string({ error: requiredMessage ?? AWAY_DATE_MESSAGE })
    .max(40, { error: AWAY_DATE_MESSAGE })
    .transform((value, ctx) => {
      const day = clubDayStart(value.trim());
      const at =
        day ?? (z.iso.datetime({ offset: true }).safeParse(value.trim()).success ? new Date(value) : undefined);
      if (!at || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: AWAY_DATE_MESSAGE });
        return z.NEVER;
      }
      return at;
    });

/** PUT /api/profile/away: back on `until`; away from `from` (default now). The limits against the clock are the server's. */
export const awayBodySchema = z.object({
  until: awayInstant(AWAY_UNTIL_REQUIRED_MESSAGE),
  from: awayInstant().optional(),
});
export type AwayBody = z.output<typeof awayBodySchema>;

/** The refusal of an away period at `now`, or null: until after from, and at most AWAY_MAX_DAYS ahead. */
export function awayProblem(from: Date, until: Date, now: Date): { path: 'until'; message: string } | null {
  if (until.getTime() <= from.getTime()) return { path: 'until', message: AWAY_UNTIL_AFTER_FROM_MESSAGE };
  if (until.getTime() > now.getTime() + AWAY_MAX_DAYS * DAY_MS)
    return { path: 'until', message: AWAY_TOO_LONG_MESSAGE };
  return null;
}
