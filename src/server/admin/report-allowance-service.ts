import { DAY_MS, REPORTS_PER_DAY, REPORTS_PER_DAY_MESSAGE } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { lockReporter, reportsMadeSince } from './reports-repository';

// At most REPORTS_PER_DAY reports a member in 24 hours, whatever they report (decision 0027):
// three accounts made a minute earlier once hid every forum post in one second. Counted in
// the database under the member's row lock, so two reports at once cannot both be the tenth.

/** 429 when the member has already made their day's reports; call before inserting one. */
export async function checkReportAllowance(tx: DbOrTx, memberId: number, now = new Date()): Promise<void> {
  await lockReporter(tx, memberId);
  if ((await reportsMadeSince(tx, memberId, new Date(now.getTime() - DAY_MS))) >= REPORTS_PER_DAY) {
    throw new AppError('RATE_LIMITED', REPORTS_PER_DAY_MESSAGE);
  }
}
