import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { loginAttempts } from '../db/schema';

// Failed sign-ins are counted in the database, not in memory, so the limit holds across
// restarts and across several app processes.
//
// Race-free: checking the count and recording the attempt happen together, one at a time per
// address (a transaction holding an advisory lock on the address, which also holds across
// app processes on PostgreSQL). The attempt is recorded as failed before the slow password
// check, so parallel guesses each see the ones before them: of any burst, at most the limit
// are ever checked and the rest are refused. It is marked succeeded only when the password
// was right. A refused attempt is not recorded, so hammering a locked address does not
// lengthen its lock.

/**
 * Records a sign-in attempt as failed and returns its id, or null (and records nothing)
 * when the address already has `limit` failures in the window.
 */
export async function beginLoginAttempt(
  db: DbOrTx,
  email: string,
  ip: string,
  limit: number,
  windowMs: number,
): Promise<number | null> {
  const key = email.toLowerCase();
  return runInTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sign-in:${key}`}))`);
    if ((await recentFailures(tx, key, windowMs)) >= limit) return null;
    const [row] = await tx
      .insert(loginAttempts)
      .values({ email: key, ip, succeeded: false })
      .returning({ id: loginAttempts.id });
    return row!.id;
  });
}

export async function markLoginAttemptSucceeded(db: DbOrTx, id: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

/**
 * A successful sign-in that did not go through the password (login link, completed
 * registration) or a password reset: the failures before it no longer count.
 */
export async function recordSuccessfulSignIn(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ email: email.toLowerCase(), ip, succeeded: true });
}

/**
 * Failed sign-ins for this address in the window, since its last successful one. One
 * statement, timed by the database clock (the clock that stamps the rows).
 */
export async function recentFailures(db: DbOrTx, email: string, windowMs: number): Promise<number> {
  const key = email.toLowerCase();
  const lastSuccess = db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, key), eq(loginAttempts.succeeded, true)));
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, key),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, sql`now() - ${windowMs} * interval '1 millisecond'`),
        sql`${loginAttempts.createdAt} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
      ),
    );
  return Number(row?.n ?? 0);
}
