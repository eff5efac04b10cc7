import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { UNSUBSCRIBABLE_KINDS, type UnsubscribableKind } from '../../domain/email-preferences';
import { queryRows, type DbOrTx } from '../db/client';
import { serverSecrets } from '../db/schema';

// The token in an e-mail's unsubscribe link (docs/product/email.md#one-click-unsubscribe):
// `{memberId}.{kind}.{signature}`, the signature an HMAC-SHA256 of the member and the kind
// under the server's secret. It names what to turn off and for whom, cannot be made up for
// another member or kind, and signs nobody in. The secret is UNSUBSCRIBE_SECRET when the
// operator sets it, otherwise one the server makes once and keeps in the database, so every
// process, and every restart, agrees on it.

const SECRET_NAME = 'unsubscribe';
const cache = new WeakMap<object, Promise<string>>();

async function storedSecret(db: DbOrTx): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  return row!.value;
}

/** The key the links are signed with (read once per database). */
export function unsubscribeSecret(db: DbOrTx, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let secret = cache.get(db);
  if (!secret) {
    secret = storedSecret(db);
    secret.catch(() => cache.delete(db));
    cache.set(db, secret);
  }
  return secret;
}

function sign(secret: string, memberId: number, kind: UnsubscribableKind): string {
  return createHmac('sha256', secret).update(`unsubscribe:${memberId}:${kind}`).digest('base64url');
}

export function unsubscribeToken(secret: string, memberId: number, kind: UnsubscribableKind): string {
  return `${memberId}.${kind}.${sign(secret, memberId, kind)}`;
}

/** The member and kind a token names, or null when it is not one the server signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { memberId: number; kind: UnsubscribableKind } | null {
  const match = /^([1-9]\d{0,9})\.([a-z_]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const memberId = Number(match[1]);
  const kind = match[2] as UnsubscribableKind;
  if (!UNSUBSCRIBABLE_KINDS.includes(kind) || memberId > 2147483647) return null;
  const expected = Buffer.from(sign(secret, memberId, kind));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { memberId, kind } : null;
}

/** The member an address belongs to (open memberships only), for mail sent without a member id. */
export async function memberIdByAddress(db: DbOrTx, address: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE lower(email) = lower(${address}) AND closed_at IS NULL LIMIT 1`,
  );
  return row?.id ?? null;
}
