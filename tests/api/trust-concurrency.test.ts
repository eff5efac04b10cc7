import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, tradeRequests, tradingNotifications } from '../../src/server/db/schema';
import { sweepTrades } from '../../src/server/jobs/trade-sweeper';
import { drainNotices } from '../../src/server/notices/notices';
import { buildSecondInstance, buildTestApp, type TestApp } from '../support/build-app';
import { testDbKind } from '../support/test-database';
import { expectPointsInvariant, http, listingFor, signedInMember } from './trades-fixtures';

// Trust rules at the same moment, on PostgreSQL only (the embedded database has one connection
// and runs everything one after another): the new-trader limit under parallel requests, and
// the posting deadline swept by two app processes at once (docs/product/trust.md).

const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(testDbKind !== 'postgres')('trust rules at the same moment (PostgreSQL)', () => {
  let t: TestApp;
  let second: TestApp;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await buildTestApp();
    t.ctx.mailer = { send: async () => {} };
    second = await buildSecondInstance(t);
    api = http(t);
  });
  afterAll(async () => {
    await drainNotices(t.ctx);
    await drainNotices(second.ctx);
    await second.close();
    await t.close();
  });
  const db = () => t.database.db;

  it('a new trader asking for 8 puzzles at once: exactly 3 requests succeed, the rest are refused', async () => {
    for (let round = 0; round < 3; round++) {
      const newcomer = await signedInMember(db(), { points: 50 });
      const owner = await signedInMember(db(), { completedTrades: 1 });
      const listings = await Promise.all(Array.from({ length: 8 }, () => listingFor(db(), owner, { puzzlePoints: 1 })));
      const answers = await Promise.all(
        listings.map((l) => api.post('/api/trade-requests', newcomer, { puzzleListingId: l.id })),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      const open = await db()
        .select({ id: tradeRequests.id })
        .from(tradeRequests)
        .where(eq(tradeRequests.requesterId, newcomer.id));
      expect(open).toHaveLength(3);
    }
  });

  it('two app processes sweeping the same moment: each unsent trade is cancelled and refunded once, each owner reminded once', async () => {
    const trades: number[] = [];
    for (let i = 0; i < 6; i++) {
      const requester = await signedInMember(db(), { points: 10, completedTrades: 1 });
      const owner = await signedInMember(db(), { completedTrades: 1 });
      const listing = await listingFor(db(), owner, { puzzlePoints: 3 });
      const res = await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id });
      const id = res.json().id as number;
      expect((await api.post(`/api/trade-requests/${id}/accept`, owner)).statusCode).toBe(200);
      trades.push(id);
    }
    const half = new Date(Date.now() + 3.6 * DAY);
    const [r1, r2] = await Promise.all([sweepTrades(t.ctx, half), sweepTrades(second.ctx, half)]);
    const reminded = [...r1.reminded, ...r2.reminded].filter((id) => trades.includes(id));
    expect(reminded.sort()).toEqual([...trades].sort());
    const reminders = await db()
      .select({ id: tradingNotifications.id })
      .from(tradingNotifications)
      .where(
        and(inArray(tradingNotifications.tradeRequestId, trades), eq(tradingNotifications.type, 'trade_ship_reminder')),
      );
    expect(reminders).toHaveLength(trades.length);

    const past = new Date(Date.now() + 7.1 * DAY);
    const [c1, c2] = await Promise.all([sweepTrades(t.ctx, past), sweepTrades(second.ctx, past)]);
    const cancelled = [...c1.notSent, ...c2.notSent].filter((id) => trades.includes(id));
    expect(cancelled.sort()).toEqual([...trades].sort());
    const refunds = await db()
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(and(inArray(pointsLedger.tradeRequestId, trades), eq(pointsLedger.reason, 'trade_refund')));
    expect(refunds).toHaveLength(trades.length);
    const rows = await db().select().from(tradeRequests).where(inArray(tradeRequests.id, trades));
    expect(rows.every((r) => r.status === 'cancelled' && r.notSentInTime && r.heldPoints === 0)).toBe(true);
    await expectPointsInvariant(db());
  });
});
