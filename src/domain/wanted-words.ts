// Wanted's words (docs/product/wanted.md) the client draws with, in a file without Zod, so the
// Wanted page loads no schema for its first draw (docs/performance.md, 'Lighthouse 95');
// wanted.ts, with the calls' schemas, re-exports all of it.
import { plural } from './sentences';

export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'weekly', 'off'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];

/** How the member is told, in the dialog's words. */
export const SAVED_SEARCH_ALERT_LABELS: Record<SavedSearchAlert, string> = {
  instant: 'By e-mail at once',
  daily: 'In a daily e-mail',
  weekly: 'In a weekly e-mail',
  off: 'Only here on the site',
};

/** '1st', '2nd', '3rd', '11th', '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** A wish's place in line, in words: 'You are 3rd in line'. */
export function placeInLine(ahead: number): string {
  return ahead === 0 ? 'You are first in line' : `You are ${ordinal(ahead + 1)} in line`;
}

/** The listing form's line: '3 members are waiting for this puzzle'. */
export function waitingLine(waiting: number): string {
  return `${plural(waiting, 'member')} ${waiting === 1 ? 'is' : 'are'} waiting for this puzzle`;
}
