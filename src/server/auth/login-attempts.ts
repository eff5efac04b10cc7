import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';

// Failed sign-ins are counted in the database, not in memory, so the limit holds across
// restarts and across several app processes.

export async function recordLoginAttempt(db: DbOrTx, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded });
}

/** Failed sign-ins for this address in the window, since its last successful one. */
export async function recentFailures(db: DbOrTx, email: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, from)));
  return Number(row?.n ?? 0);
}
