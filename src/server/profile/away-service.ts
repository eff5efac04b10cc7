import { AppError } from '../../domain/errors';
import { awayProblem, type AwayBody } from '../../domain/trust';
import type { DbOrTx } from '../db/client';
import type { User } from '../db/schema';
import { listingCardsChanged } from '../listings/listings-admin-service';
import { setAwayColumns } from './profile-repository';

// 'I am away' (docs/product/trust.md#away): the member's own holiday. Nothing else is written
// when it starts or ends: browse, requests and first offers compare away_from and away_until
// with the clock on every read, so it takes effect, and ends, by itself.

/** PUT /profile/away: from `from` (default now; a start already past counts from now) until `until`. */
export async function setAway(db: DbOrTx, memberId: number, body: AwayBody, now = new Date()): Promise<User> {
  const from = body.from && body.from.getTime() > now.getTime() ? body.from : now;
  const problem = awayProblem(from, body.until, now);
  if (problem) throw new AppError('VALIDATION', problem.message, [problem]);
  const row = await setAwayColumns(db, memberId, { from, until: body.until }, now);
  // Browse remembers cards and counts: it forgets them, so the puzzles leave at once.
  listingCardsChanged();
  return row;
}

/** DELETE /profile/away: back now. */
export async function endAway(db: DbOrTx, memberId: number, now = new Date()): Promise<User> {
  const row = await setAwayColumns(db, memberId, null, now);
  listingCardsChanged();
  return row;
}
