import { formatClubDayOrDate } from './dates';

// Away (docs/product/trust.md#away), without Zod: the puzzle page, which a shared link opens,
// reads these and must load no schema library (tests/unit/first-paint-chunks.test.ts).

export type AwayColumns = { awayFrom: Date | string | number | null; awayUntil: Date | string | number | null };

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
