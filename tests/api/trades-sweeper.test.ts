import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditTrail,
  messages,
  pointsLedger,
  puzzleListings,
  tradeRequests,
  tradingNotifications,
  users,
} from '../../src/server/db/schema';
import { startTradeSweeper, sweepTrades } from '../../src/server/jobs/trade-sweeper';
import { expectPointsInvariant, listingFor, signedInMember, useTradeTestApp } from './trades-fixtures';

// The trade clocks (docs/product/trades.md#clocks): 7 days to answer a request, 21 days to confirm a parcel.
// The sweep takes its "now" as an argument, so the tests travel in time instead of waiting.

const app = useTradeTestApp();
const { api, db } = app;
const DAY = 24 * 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

async function trade(id: number) {
  const [row] = await db().select().from(tradeRequests).where(eq(tradeRequests.id, id));
  return row!;
}
async function notices(tradeId: number) {
  return db()
    .select()
    .from(tradingNotifications)
    .where(eq(tradingNotifications.tradeRequestId, tradeId))
    .orderBy(asc(tradingNotifications.id));
}

async function pendingTrade() {
  const requester = await signedInMember(db(), { firstName: 'Susan', lastName: 'Ashworth', points: 10 });
  const owner = await signedInMember(db(), { firstName: 'Alan', lastName: 'Rees' });
  const listing = await listingFor(db(), owner, { title: 'Snowdon from Llyn Padarn', puzzlePoints: 4 });
  const res = await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id });
  expect(res.statusCode).toBe(201);
  return { requester, owner, listing, id: res.json().id as number, threadId: res.json().threadId as number };
}

async function shippedTrade() {
  const p = await pendingTrade();
  expect((await api.post(`/api/trade-requests/${p.id}/accept`, p.owner)).statusCode).toBe(200);
  expect((await api.post(`/api/trade-requests/${p.id}/ship`, p.owner, { trackingNumber: 'AB1' })).statusCode).toBe(200);
  return p;
}

describe('a pending request nobody answers', () => {
  it('expires after 7 days, not before; the requester is told in the thread, in the app and by e-mail', async () => {
    const p = await pendingTrade();
    expect((await sweepTrades(app.t.ctx, later(6 * DAY))).expired).not.toContain(p.id);
    expect((await trade(p.id)).status).toBe('pending');

    const result = await sweepTrades(app.t.ctx, later(7 * DAY + 60_000));
    expect(result.expired).toContain(p.id);
    expect(await trade(p.id)).toMatchObject({ status: 'expired', heldPoints: 0 });
    const last = (
      await db().select().from(messages).where(eq(messages.threadId, p.threadId)).orderBy(asc(messages.id))
    ).at(-1)!;
    expect(last).toMatchObject({ isSystemMessage: true });
    expect(last.content).toContain('not answered within 7 days');
    const told = (await notices(p.id)).filter((n) => n.userId === p.requester.id);
    expect(told.map((n) => n.type)).toEqual(['trade_expired']);
    const m = await app.mail.waitFor(p.requester.email);
    expect(m.subject).toContain('expired');
    const [audit] = await db()
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityId, p.id), eq(auditTrail.action, 'expire')));
    expect(audit).toMatchObject({ userId: null, entityType: 'trade_request' });
    // The member sees it as expired, with nothing left to do.
    const view = (await api.get(`/api/trade-requests/${p.id}`, p.requester)).json();
    expect(view).toMatchObject({ status: 'expired', availableActions: [] });
    // ...and may ask again.
    expect((await api.post('/api/trade-requests', p.requester, { puzzleListingId: p.listing.id })).statusCode).toBe(
      201,
    );
  });

  it('does not expire once accepted (only the posting deadline, docs/product/trust.md, ends it then)', async () => {
    const p = await pendingTrade();
    await api.post(`/api/trade-requests/${p.id}/accept`, p.owner);
    const swept = await sweepTrades(app.t.ctx, later(6 * DAY));
    expect(swept.expired).not.toContain(p.id);
    expect((await trade(p.id)).status).toBe('accepted');
  });
});

describe('a shipped trade nobody confirms', () => {
  it('completes after 21 days and pays the owner, exactly as a confirmation does', async () => {
    const p = await shippedTrade();
    await sweepTrades(app.t.ctx, later(20 * DAY));
    expect((await trade(p.id)).status).toBe('shipped');

    const result = await sweepTrades(app.t.ctx, later(21 * DAY + 60_000));
    expect(result.autoCompleted).toContain(p.id);
    expect(await trade(p.id)).toMatchObject({ status: 'completed', heldPoints: 0, deliveredAt: null });
    const [owner] = await db().select().from(users).where(eq(users.id, p.owner.id));
    expect(owner).toMatchObject({ puzzlePoints: 9, completedTrades: 1 });
    const [listing] = await db().select().from(puzzleListings).where(eq(puzzleListings.id, p.listing.id));
    expect(listing!.status).toBe('sold');
    const types = (await notices(p.id)).map((n) => [n.userId, n.type]);
    expect(types).toContainEqual([p.owner.id, 'trade_completed']);
    expect(types).toContainEqual([p.requester.id, 'trade_completed']);
    await expectPointsInvariant(db());
  });

  it('a disputed trade is frozen: the clock does not complete it', async () => {
    const p = await shippedTrade();
    await api.post(`/api/trade-requests/${p.id}/dispute`, p.requester, { details: 'The box arrived empty.' });
    await sweepTrades(app.t.ctx, later(30 * DAY));
    expect(await trade(p.id)).toMatchObject({ status: 'disputed', heldPoints: 4 });
  });
});

describe('running the sweep more than once', () => {
  it('handles each trade once: twice in a row, or two sweeps at the same moment (two app processes)', async () => {
    const expiring = await pendingTrade();
    const completing = await shippedTrade();
    const at = later(22 * DAY);
    const [a, b] = await Promise.all([sweepTrades(app.t.ctx, at), sweepTrades(app.t.ctx, at)]);
    const again = await sweepTrades(app.t.ctx, at);
    const expired = [...a.expired, ...b.expired, ...again.expired].filter((id) => id === expiring.id);
    const completed = [...a.autoCompleted, ...b.autoCompleted, ...again.autoCompleted].filter(
      (id) => id === completing.id,
    );
    expect(expired).toHaveLength(1);
    expect(completed).toHaveLength(1);
    expect((await notices(expiring.id)).filter((n) => n.type === 'trade_expired')).toHaveLength(1);
    const payments = await db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.tradeRequestId, completing.id), eq(pointsLedger.reason, 'trade_payment')));
    expect(payments).toHaveLength(1);
    await expectPointsInvariant(db());
  });
});

describe('the scheduled job', () => {
  it('catches up on start-up from the rows themselves (nothing is kept in memory), and stops cleanly', async () => {
    const p = await pendingTrade();
    // As if the app had been switched off past the deadline.
    await db()
      .update(tradeRequests)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(tradeRequests.id, p.id));
    const stop = startTradeSweeper(app.t.ctx, undefined, 60_000, 0);
    try {
      for (let i = 0; i < 100 && (await trade(p.id)).status === 'pending'; i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    expect((await trade(p.id)).status).toBe('expired');
  });
});
