import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageThreads, tradeRequests, tradingNotifications, users } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { runInTransaction } from '../../src/server/db/transaction';
import { drainNotices } from '../../src/server/notices/notices';
import type { Mail } from '../../src/server/mail/mailer';
import { buildTestApp, type TestApp } from '../support/build-app';
import { testDbKind } from '../support/test-database';
import { http, listingFor, signedInMember } from './trades-fixtures';

// Issue 16 point 4: a transaction PostgreSQL picks as a deadlock victim (40P01) or fails for
// serialization (40001) runs once more, in one place (src/server/db/transaction.ts), so the
// member never sees the error; and what it tells people goes out once, from the run that
// committed.

let t: TestApp;
let api: ReturnType<typeof http>;
const mails: Mail[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.mailer = { send: async (mail) => void mails.push(mail) };
  api = http(t);
  // The database refuses a trade request's insert as a conflict: the first time only (a
  // sequence counts outside the transaction, so the rollback does not reset it), or always.
  await t.database.db.execute(sql`CREATE SEQUENCE conflict_probe`);
  await t.database.db.execute(sql`
    CREATE FUNCTION conflict_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.request_comments = 'conflict once' AND nextval('conflict_probe') = 1 THEN
        RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001';
      END IF;
      IF NEW.request_comments = 'conflict always' THEN
        RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01';
      END IF;
      RETURN NEW;
    END $$`);
  await t.database.db.execute(sql`
    CREATE TRIGGER conflict_for_test BEFORE INSERT ON trade_requests
    FOR EACH ROW EXECUTE FUNCTION conflict_for_test()`);
});
afterAll(async () => {
  await drainNotices(t.ctx);
  await t.close();
});
const db = () => t.database.db;

describe('a transaction that meets a conflict', () => {
  it('runs once more and succeeds; the owner is told once, and one trade and thread exist', async () => {
    const requester = await signedInMember(db());
    const owner = await signedInMember(db());
    const listing = await listingFor(db(), owner);
    const res = await api.post('/api/trade-requests', requester, {
      puzzleListingId: listing.id,
      requestComments: 'conflict once',
    });
    expect(res.statusCode, res.body).toBe(201);
    await drainNotices(t.ctx);

    const [probe] = await queryRows<{ runs: number }>(db(), sql`SELECT last_value::int AS runs FROM conflict_probe`);
    expect(probe!.runs).toBe(2); // the first run failed, the second committed
    expect(await db().select().from(tradeRequests).where(eq(tradeRequests.requesterId, requester.id))).toHaveLength(1);
    expect(await db().select().from(messageThreads).where(eq(messageThreads.puzzleListingId, listing.id))).toHaveLength(
      1,
    );
    const told = await db().select().from(tradingNotifications).where(eq(tradingNotifications.userId, owner.id));
    expect(told).toHaveLength(1);
    expect(mails.filter((m) => m.to === owner.email)).toHaveLength(1);
  });

  it('a second conflict is a 503 asking to try again, and nothing is written or sent', async () => {
    const requester = await signedInMember(db());
    const owner = await signedInMember(db());
    const listing = await listingFor(db(), owner);
    const res = await api.post('/api/trade-requests', requester, {
      puzzleListingId: listing.id,
      requestComments: 'conflict always',
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      message: 'The club is very busy at this moment. Please try again.',
      code: 'SERVICE_UNAVAILABLE',
    });
    await drainNotices(t.ctx);
    expect(await db().select().from(tradeRequests).where(eq(tradeRequests.requesterId, requester.id))).toEqual([]);
    expect(await db().select().from(tradingNotifications).where(eq(tradingNotifications.userId, owner.id))).toEqual([]);
    expect(mails.filter((m) => m.to === owner.email)).toEqual([]);
  });

  it('any other failure is not run again', async () => {
    let runs = 0;
    await expect(
      runInTransaction(db(), async () => {
        runs += 1;
        throw new Error('not a conflict');
      }),
    ).rejects.toThrow('not a conflict');
    expect(runs).toBe(1);
  });
});

describe.skipIf(testDbKind !== 'postgres')('a real deadlock (PostgreSQL)', () => {
  it('two transactions locking two members in opposite orders both commit: the victim runs again', async () => {
    const a = await signedInMember(db());
    const b = await signedInMember(db());
    let runs = 0;
    // Each first run holds its first row until the other holds its own, then asks for the
    // other's: a deadlock, which PostgreSQL breaks by failing one of them (40P01).
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const lockBoth = (mine: number, other: number, bio: string) =>
      runInTransaction(db(), async (tx) => {
        const run = ++runs;
        // A run again takes the rows in id order, as the app always does: PostgreSQL now and
        // then fails both parties of one deadlock, and their second runs must not meet again.
        const [first, second] = run <= 2 ? [mine, other] : [Math.min(mine, other), Math.max(mine, other)];
        await tx.execute(sql`SELECT id FROM users WHERE id = ${first} FOR NO KEY UPDATE`);
        if (run <= 2) {
          if (++arrived === 2) release();
          await bothHoldOne;
        }
        await tx.execute(sql`SELECT id FROM users WHERE id = ${second} FOR NO KEY UPDATE`);
        await tx.update(users).set({ bio }).where(eq(users.id, mine));
      });
    await Promise.all([lockBoth(a.id, b.id, 'first'), lockBoth(b.id, a.id, 'second')]);
    expect([3, 4]).toContain(runs);
    const bios = await db()
      .select({ id: users.id, bio: users.bio })
      .from(users)
      .where(sql`id in (${a.id}, ${b.id})`);
    expect(bios.map((r) => r.bio).sort()).toEqual(['first', 'second']);
  });
});
