import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { TokenPurpose } from '../../domain/enums';
import type { DbOrTx } from '../db/client';
import { authTokens } from '../db/schema';
import { hashToken } from './sessions-repository';

// E-mailed link tokens (docs/product/accounts.md#e-mailed-links): random, stored only as a hash, single-use, expiring.

export async function issueToken(db: DbOrTx, email: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    email,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * What an e-mailed link's token is now, without using it: 'ready', 'used', 'expired', or
 * 'unknown' (never issued, or for another purpose). The join page says so before asking for
 * a password.
 */
export async function tokenState(
  db: DbOrTx,
  token: string,
  purpose: TokenPurpose,
): Promise<'ready' | 'used' | 'expired' | 'unknown'> {
  const [row] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)));
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return row.expiresAt.getTime() > Date.now() ? 'ready' : 'expired';
}

/**
 * Marks the token used and returns its e-mail, or null when it is unknown, used, expired or
 * for another purpose. One UPDATE … RETURNING, so two clicks cannot both succeed.
 */
export async function consumeToken(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<string | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ email: authTokens.email });
  return row?.email ?? null;
}

export async function deleteToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
}

/** Marks every unused token of these purposes for the address as used (e.g. after a reset). */
export async function invalidateTokens(db: DbOrTx, email: string, purposes: TokenPurpose[]): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authTokens.email, email.toLowerCase()), inArray(authTokens.purpose, purposes), isNull(authTokens.usedAt)),
    );
}
