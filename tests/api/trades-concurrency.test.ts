import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, tradeRequests, users } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { testDbKind } from '../support/test-database';
import { expectPointsInvariant, http, listingFor, signedInMember } from './trades-fixtures';

// Real concurrency, on PostgreSQL only: the pool runs these requests at the same moment on
// separate connections, so only the row locks (SELECT … FOR UPDATE) stand between them and a
// double spend. (The embedded database has one connection and runs them one after another.)

describe.skipIf(testDbKind !== 'postgres')('trades at the same moment (PostgreSQL)', () => {
  let t: TestApp;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await buildTestApp();
    t.ctx.mailer = { send: async () => {} };
    api = http(t);
  });
  afterAll(async () => {
    await drainNotices(t.ctx);
    await t.close();
  });
  const db = () => t.database.db;

  it('three owners accept three 3-point requests from a member with 5 points at once: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const requester = await signedInMember(db(), { points: 5 });
      const owners = await Promise.all([0, 1, 2].map(() => signedInMember(db())));
      const trades = [];
      for (const owner of owners) {
        const listing = await listingFor(db(), owner, { puzzlePoints: 3 });
        const res = await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id });
        expect(res.statusCode).toBe(201);
        trades.push({ id: res.json().id as number, owner });
      }

      const answers = await Promise.all(trades.map((tr) => api.post(`/api/trade-requests/${tr.id}/accept`, tr.owner)));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().message).toBe('The requester no longer has enough PuzzlePoints for this trade.');
      }

      const [member] = await db().select().from(users).where(eq(users.id, requester.id));
      expect(member!.puzzlePoints).toBe(2);
      const rows = await db().select().from(tradeRequests).where(eq(tradeRequests.requesterId, requester.id));
      expect(rows.filter((r) => r.status === 'accepted').map((r) => r.heldPoints)).toEqual([3]);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(2);
      const holds = await db()
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, requester.id), eq(pointsLedger.reason, 'trade_hold')));
      expect(holds).toHaveLength(1);
      await expectPointsInvariant(db());
    }
  });

  it('50 parallel cancels and ships on one accepted trade: exactly one wins, the ledger agrees', async () => {
    const requester = await signedInMember(db(), { points: 10 });
    const owner = await signedInMember(db(), { points: 5 });
    const listing = await listingFor(db(), owner, { puzzlePoints: 4 });
    const id = (await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id })).json().id as number;
    expect((await api.post(`/api/trade-requests/${id}/accept`, owner)).statusCode).toBe(200);

    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? api.post(`/api/trade-requests/${id}/cancel`, requester)
        : api.post(`/api/trade-requests/${id}/ship`, owner),
    );
    const answers = await Promise.all(calls);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);

    const [trade] = await db().select().from(tradeRequests).where(eq(tradeRequests.id, id));
    const [member] = await db().select().from(users).where(eq(users.id, requester.id));
    if (trade!.status === 'cancelled') {
      expect(trade!.heldPoints).toBe(0);
      expect(member!.puzzlePoints).toBe(10);
    } else {
      expect(trade!.status).toBe('shipped');
      expect(trade!.heldPoints).toBe(4);
      expect(member!.puzzlePoints).toBe(6);
    }
    expect(ok[0]!.json().status).toBe(trade!.status);
    await expectPointsInvariant(db());
  });

  it('50 parallel confirmations and cancels on one shipped trade: the owner is paid exactly once', async () => {
    const requester = await signedInMember(db(), { points: 10 });
    const owner = await signedInMember(db(), { points: 5 });
    const listing = await listingFor(db(), owner, { puzzlePoints: 4 });
    const id = (await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id })).json().id as number;
    expect((await api.post(`/api/trade-requests/${id}/accept`, owner)).statusCode).toBe(200);
    expect((await api.post(`/api/trade-requests/${id}/ship`, owner)).statusCode).toBe(200);

    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 3 === 0
        ? api.post(`/api/trade-requests/${id}/cancel`, requester)
        : i % 3 === 1
          ? api.post(`/api/trade-requests/${id}/confirm-delivery`, requester)
          : api.post(`/api/trade-requests/${id}/dispute`, owner, { details: 'Checking.' }),
    );
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);

    const [trade] = await db().select().from(tradeRequests).where(eq(tradeRequests.id, id));
    expect(['completed', 'disputed']).toContain(trade!.status);
    const payments = await db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.tradeRequestId, id), eq(pointsLedger.reason, 'trade_payment')));
    expect(payments).toHaveLength(trade!.status === 'completed' ? 1 : 0);
    const [paid] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(paid!.puzzlePoints).toBe(trade!.status === 'completed' ? 9 : 5);
    expect(paid!.completedTrades).toBe(trade!.status === 'completed' ? 1 : 0);
    await expectPointsInvariant(db());
  });

  it('two members trading with each other both ways, at once, do not deadlock', async () => {
    const a = await signedInMember(db(), { points: 10 });
    const b = await signedInMember(db(), { points: 10 });
    const la = await listingFor(db(), a, { puzzlePoints: 2 });
    const lb = await listingFor(db(), b, { puzzlePoints: 3 });
    const ab = (await api.post('/api/trade-requests', a, { puzzleListingId: lb.id })).json().id as number;
    const ba = (await api.post('/api/trade-requests', b, { puzzleListingId: la.id })).json().id as number;
    await Promise.all([
      api.post(`/api/trade-requests/${ab}/accept`, b),
      api.post(`/api/trade-requests/${ba}/accept`, a),
    ]);
    await Promise.all([api.post(`/api/trade-requests/${ab}/ship`, b), api.post(`/api/trade-requests/${ba}/ship`, a)]);
    const done = await Promise.all([
      api.post(`/api/trade-requests/${ab}/confirm-delivery`, a),
      api.post(`/api/trade-requests/${ba}/confirm-delivery`, b),
    ]);
    expect(done.map((d) => d.statusCode)).toEqual([200, 200]);
    const [ma] = await db().select().from(users).where(eq(users.id, a.id));
    const [mb] = await db().select().from(users).where(eq(users.id, b.id));
    expect([ma!.puzzlePoints, mb!.puzzlePoints]).toEqual([9, 11]);
    await expectPointsInvariant(db());
  });
});
