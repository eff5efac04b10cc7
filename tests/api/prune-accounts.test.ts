import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_SIGN_IN_WINDOW_MS } from '../../src/domain/constants';
import { authTokens, loginAttempts, sessions } from '../../src/server/db/schema';
import { ACCOUNT_RECORDS_KEPT_MS, pruneAccounts, startAccountPruner } from '../../src/server/jobs/prune-accounts';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';

// The pruner deletes sign-in records nothing can use any more. `now` is injected, so the
// tests need not wait a day.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let n = 0;
const tag = () => `prune-${++n}-${Date.now().toString(36)}`;

describe('pruneAccounts', () => {
  it('deletes expired sessions, tokens used or expired over a day ago, and attempts over a day old; keeps the rest', async () => {
    const db = t.database.db;
    const now = new Date(Date.now() + 3 * DAY); // a moment in the future, so "now" is ours
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const member = await createMember(db);
    const prefix = tag();

    await db.insert(sessions).values([
      { sid: `${prefix}-expired`, userId: member.id, expire: ago(1000), remember: false, sess: {} },
      { sid: `${prefix}-live`, userId: member.id, expire: ago(-HOUR), remember: true, sess: {} },
    ]);

    const token = (name: string, expiresAt: Date, usedAt: Date | null) => ({
      email: `${prefix}@example.org`,
      purpose: 'login_link' as const,
      tokenHash: `${prefix}-${name}`,
      expiresAt,
      usedAt,
    });
    await db.insert(authTokens).values([
      token('used-long-ago', ago(-HOUR), ago(DAY + HOUR)), // used 25 h ago (a long-lived verify link)
      token('expired-long-ago', ago(DAY + HOUR), null),
      token('used-recently', ago(-HOUR), ago(HOUR)),
      token('expired-recently', ago(HOUR), null),
      token('unused', ago(-HOUR), null),
    ]);

    const attempt = (name: string, createdAt: Date) => ({
      email: `${prefix}-${name}@example.org`,
      ip: '10.9.9.9',
      createdAt,
    });
    await db
      .insert(loginAttempts)
      .values([
        attempt('old', ago(DAY + 1000)),
        attempt('in-the-window', ago(FAILED_SIGN_IN_WINDOW_MS / 2)),
        attempt('hours-old', ago(DAY - HOUR)),
      ]);

    const result = await pruneAccounts(db, now);
    // Other rows (from the member's own creation) may be pruned too; ours are counted exactly below.
    expect(result.sessions).toBeGreaterThanOrEqual(1);

    const sids = (await db.select({ sid: sessions.sid }).from(sessions)).map((r) => r.sid);
    expect(sids).toContain(`${prefix}-live`);
    expect(sids).not.toContain(`${prefix}-expired`);

    const hashes = (
      await db
        .select({ h: authTokens.tokenHash })
        .from(authTokens)
        .where(eq(authTokens.email, `${prefix}@example.org`))
    ).map((r) => r.h.slice(prefix.length + 1));
    expect(hashes.sort()).toEqual(['expired-recently', 'unused', 'used-recently']);

    const emails = (
      await db
        .select({ e: loginAttempts.email })
        .from(loginAttempts)
        .where(
          inArray(
            loginAttempts.email,
            ['old', 'in-the-window', 'hours-old'].map((x) => `${prefix}-${x}@example.org`),
          ),
        )
    ).map((r) => r.e);
    expect(emails.sort()).toEqual([`${prefix}-hours-old@example.org`, `${prefix}-in-the-window@example.org`]);

    // A second run finds nothing more of ours.
    const again = await pruneAccounts(db, now);
    expect(again).toEqual({ sessions: 0, tokens: 0, loginAttempts: 0 });
  });

  it('keeps sign-in attempts longer than the failed-sign-in window, so pruning never lifts a lock', async () => {
    expect(ACCOUNT_RECORDS_KEPT_MS).toBeGreaterThan(FAILED_SIGN_IN_WINDOW_MS);

    const email = `${tag()}@example.org`;
    await createMember(t.database.db, { email, password: 'the real password' });
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.8.0.1' });
    for (let i = 0; i < 10; i++) expect((await login(`wrong ${i}`)).statusCode).toBe(401);
    await pruneAccounts(t.database.db);
    expect((await login('the real password')).statusCode).toBe(429);
  });
});

describe('startAccountPruner', () => {
  it('prunes soon after start-up and stops cleanly', async () => {
    const member = await createMember(t.database.db);
    const sid = `${tag()}-expired`;
    await t.database.db
      .insert(sessions)
      .values({ sid, userId: member.id, expire: new Date(Date.now() - 1000), remember: false, sess: {} });
    const stop = startAccountPruner(t.ctx, undefined, 60_000, 0);
    try {
      await expect
        .poll(async () => (await t.database.db.select().from(sessions).where(eq(sessions.sid, sid))).length, {
          timeout: 5000,
        })
        .toBe(0);
    } finally {
      await stop();
    }
  });
});
