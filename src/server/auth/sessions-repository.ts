import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oncePerDatabase } from '../db/prepared-statements';
import { sessions, users } from '../db/schema';
import { SESSION_IDLE_MS, REMEMBER_ME_SESSION_MS } from '../../domain/constants';

// The cookie carries a random token; the table keeps only its SHA-256, so a stolen database
// copy cannot be used to sign in. Sessions slide: each use pushes the expiry on.

export type MemberRow = typeof users.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function lifetime(remember: boolean): number {
  return remember ? REMEMBER_ME_SESSION_MS : SESSION_IDLE_MS;
}

export async function createSession(db: DbOrTx, userId: number, remember: boolean) {
  const token = randomBytes(32).toString('base64url');
  const expire = new Date(Date.now() + lifetime(remember));
  await db.insert(sessions).values({ sid: hashToken(token), userId, remember, expire, sess: {} });
  return { token, expire };
}

/**
 * Every signed-in request looks its session up: the statement is built once per database and
 * prepared (on PostgreSQL a named statement, planned once per connection), so neither drizzle
 * nor PostgreSQL does that work again for each request.
 */
function prepareSessionMember(db: DbOrTx) {
  return db
    .select({ member: users, remember: sessions.remember, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .prepare('jc_find_session_member');
}
const sessionMemberStatement = oncePerDatabase(prepareSessionMember);

export async function findSessionMember(
  db: DbOrTx,
  token: string,
): Promise<{ member: MemberRow; remember: boolean } | null> {
  const sid = hashToken(token);
  const now = new Date();
  const statement = sessionMemberStatement(db);
  const [row] = await statement.execute({ sid, now: now.toISOString() });
  if (!row) return null;
  // Slide the expiry, but write at most once a minute per session.
  const fresh = new Date(now.getTime() + lifetime(row.remember));
  if (fresh.getTime() - row.expire.getTime() > 60_000) {
    await db.update(sessions).set({ expire: fresh }).where(eq(sessions.sid, sid));
  }
  return { member: row.member, remember: row.remember };
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

export async function deleteMemberSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
