import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  awayMessage,
  AWAY_TOO_LONG_MESSAGE,
  AWAY_UNTIL_AFTER_FROM_MESSAGE,
  MISSING_PIECES_COUNT_MESSAGE,
  MISSING_PIECES_NOT_EXPECTED_MESSAGE,
  newTraderLimitMessage,
  tradingRecordLines,
} from '../../src/domain';
import { pointsLedger, puzzleListings, tradeRequests, tradingNotifications, users } from '../../src/server/db/schema';
import { sweepTrades } from '../../src/server/jobs/trade-sweeper';
import { signedInAdmin } from './admin-fixtures';
import {
  completeTradeFor,
  expectPointsInvariant,
  listingFor,
  signedInMember,
  useTradeTestApp,
  type SignedIn,
} from './trades-fixtures';

// Trust between strangers (docs/product/trust.md): new traders, the trading record, the posting
// deadline, the arrival check and 'I am away', through the API on the embedded database and
// on PostgreSQL. The sweep takes its clock as an argument, so the deadline is tested by moving
// it, never by waiting.

const app = useTradeTestApp();
const { api, db } = app;
const DAY = 24 * 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

function put(url: string, who: { cookie: string }, payload: object) {
  return app.t.app.inject({ method: 'PUT', url, payload, headers: { cookie: who.cookie } });
}

async function trade(id: number) {
  const [row] = await db().select().from(tradeRequests).where(eq(tradeRequests.id, id));
  return row!;
}

async function noticeTypes(tradeId: number, memberId: number) {
  const rows = await db()
    .select({ type: tradingNotifications.type })
    .from(tradingNotifications)
    .where(and(eq(tradingNotifications.tradeRequestId, tradeId), eq(tradingNotifications.userId, memberId)))
    .orderBy(asc(tradingNotifications.id));
  return rows.map((r) => r.type);
}

/** A member who has completed a trade already (so the new-trader limit does not apply). */
async function veteran(input: Parameters<typeof signedInMember>[1] = {}) {
  return signedInMember(db(), { completedTrades: 1, ...input });
}

async function acceptedTrade(opts: { cost?: number; declaredMissing?: number; requester?: SignedIn } = {}) {
  const requester = opts.requester ?? (await veteran({ firstName: 'Joan', lastName: 'Price', points: 20 }));
  const owner = await veteran({ firstName: 'Peter', lastName: 'Lamb' });
  const listing = await listingFor(db(), owner, {
    title: 'Lighthouses of Cornwall',
    puzzlePoints: opts.cost ?? 5,
    missingPieces: opts.declaredMissing ?? 0,
  });
  const res = await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  expect((await api.post(`/api/trade-requests/${id}/accept`, owner)).statusCode).toBe(200);
  return { requester, owner, listing, id };
}

async function withSetting<T>(key: string, value: number, run: () => Promise<T>): Promise<T> {
  const admin = await signedInAdmin(db());
  const made = await api.post('/api/admin/settings', admin, { category: 'trading', key, value });
  expect(made.statusCode, made.body).toBe(201);
  try {
    return await run();
  } finally {
    expect((await api.delete(`/api/admin/settings/${made.json().id}`, admin)).statusCode).toBe(204);
  }
}

describe('new traders', () => {
  it('may have 3 requests open until their first trade completes; the 4th is refused with the number and when it goes', async () => {
    const newcomer = await signedInMember(db(), { firstName: 'Ada', lastName: 'Newby', points: 50 });
    const owner = await veteran({ firstName: 'Olive', lastName: 'Ashton' });
    const listings = await Promise.all([1, 2, 3, 4].map(() => listingFor(db(), owner, { puzzlePoints: 2 })));
    const ids: number[] = [];
    for (const l of listings.slice(0, 3)) {
      const res = await api.post('/api/trade-requests', newcomer, { puzzleListingId: l.id });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const fourth = await api.post('/api/trade-requests', newcomer, { puzzleListingId: listings[3]!.id });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'NEW_TRADER_LIMIT', message: newTraderLimitMessage(3) });
    expect(fourth.json().message).toBe(
      'New members can have up to 3 requests open at a time. This limit goes as soon as your first trade is complete.',
    );

    // The owner sees 'New member' and the record beside the requester; the requester sees neither.
    const asOwner = (await api.get(`/api/trade-requests/${ids[0]}`, owner)).json();
    expect(asOwner.requesterIsNewTrader).toBe(true);
    expect(asOwner.requesterRecord).toMatchObject({ completedTrades: 0, sent: 0, notSent: 0, received: 0 });
    const ownerList = (await api.get('/api/trade-requests?role=owner', owner)).json() as {
      requesterIsNewTrader: boolean;
    }[];
    expect(ownerList.every((t) => t.requesterIsNewTrader === true)).toBe(true);
    const asRequester = (await api.get(`/api/trade-requests/${ids[0]}`, newcomer)).json();
    expect(asRequester).toMatchObject({ requesterIsNewTrader: null, requesterRecord: null });

    // A declined request is no longer open: there is room for one more.
    expect((await api.post(`/api/trade-requests/${ids[2]}/decline`, owner)).statusCode).toBe(200);
    expect((await api.post('/api/trade-requests', newcomer, { puzzleListingId: listings[3]!.id })).statusCode).toBe(
      201,
    );

    // The first completed trade lifts the limit.
    for (const [step, who] of [
      ['accept', owner],
      ['ship', owner],
      ['confirm-delivery', newcomer],
    ] as const) {
      expect((await api.post(`/api/trade-requests/${ids[0]}/${step}`, who)).statusCode).toBe(200);
    }
    const more = await Promise.all([1, 2, 3].map(() => listingFor(db(), owner, { puzzlePoints: 1 })));
    for (const l of more) {
      expect((await api.post('/api/trade-requests', newcomer, { puzzleListingId: l.id })).statusCode).toBe(201);
    }
    const again = (await api.get(`/api/trade-requests/${ids[1]}`, owner)).json();
    expect(again.requesterIsNewTrader).toBe(false);
  });

  it('takes its number from the known setting trading.newTraderOpenRequests', async () => {
    await withSetting('newTraderOpenRequests', 1, async () => {
      const newcomer = await signedInMember(db(), { points: 20 });
      const owner = await veteran();
      const [a, b] = await Promise.all([listingFor(db(), owner), listingFor(db(), owner)]);
      expect((await api.post('/api/trade-requests', newcomer, { puzzleListingId: a!.id })).statusCode).toBe(201);
      const refused = await api.post('/api/trade-requests', newcomer, { puzzleListingId: b!.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('up to 1 request open at a time');
    });
  });

  it('the four trading settings are known: a value of the wrong kind is refused with its words', async () => {
    const admin = await signedInAdmin(db());
    for (const [key, bad, words] of [
      ['newTraderOpenRequests', 0, 'Value must be a whole number of requests from 1 to 50'],
      ['onTimeShippingDays', 31, 'Value must be a whole number of days from 1 to 30'],
      ['shipWithinDays', 1, 'Value must be a whole number of days from 2 to 60'],
      ['missingPieceRefundPercent', 101, 'Value must be a whole number of percent from 0 to 100'],
    ] as const) {
      const res = await api.post('/api/admin/settings', admin, { category: 'trading', key, value: bad });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toContain(words);
    }
  });
});

describe('the posting deadline', () => {
  it('reminds the owner once at half time, then cancels an unsent trade after 7 days: points back, listing free, both told, on the record', async () => {
    const t = await acceptedTrade({ cost: 4 });
    const row = await trade(t.id);
    expect(row.shipBy!.getTime() - row.acceptedAt!.getTime()).toBe(7 * DAY);
    const view = (await api.get(`/api/trade-requests/${t.id}`, t.owner)).json();
    expect(view.shipBy).toBe(row.shipBy!.toISOString());

    expect((await sweepTrades(app.t.ctx, later(3.4 * DAY))).reminded).not.toContain(t.id);
    expect((await sweepTrades(app.t.ctx, later(3.6 * DAY))).reminded).toContain(t.id);
    expect((await sweepTrades(app.t.ctx, later(3.7 * DAY))).reminded).not.toContain(t.id);
    expect((await noticeTypes(t.id, t.owner.id)).filter((n) => n === 'trade_ship_reminder')).toHaveLength(1);
    expect((await app.mail.waitFor(t.owner.email, { subject: 'Please post' })).subject).toContain('Please post');
    expect((await trade(t.id)).status).toBe('accepted');

    expect((await sweepTrades(app.t.ctx, later(6.9 * DAY))).notSent).not.toContain(t.id);
    const swept = await sweepTrades(app.t.ctx, later(7 * DAY + 60_000));
    expect(swept.notSent).toContain(t.id);
    expect(await trade(t.id)).toMatchObject({ status: 'cancelled', heldPoints: 0, notSentInTime: true });
    const [listing] = await db().select().from(puzzleListings).where(eq(puzzleListings.id, t.listing.id));
    expect(listing).toMatchObject({ status: 'active', isAvailable: true });
    const [requester] = await db().select().from(users).where(eq(users.id, t.requester.id));
    expect(requester!.puzzlePoints).toBe(20);
    expect(await noticeTypes(t.id, t.requester.id)).toContain('trade_cancelled');
    expect(await noticeTypes(t.id, t.owner.id)).toContain('trade_cancelled');
    // Once only: the next sweep finds nothing to do.
    expect((await sweepTrades(app.t.ctx, later(8 * DAY))).notSent).not.toContain(t.id);

    const page = (await api.get(`/api/members/${t.owner.id}`, t.requester)).json();
    expect(page.record).toMatchObject({ notSent: 1, sent: 0 });
    await expectPointsInvariant(db(), [t.requester.id, t.owner.id]);
  });

  it('a trade sent in time is neither reminded nor cancelled', async () => {
    const t = await acceptedTrade();
    expect((await api.post(`/api/trade-requests/${t.id}/ship`, t.owner)).statusCode).toBe(200);
    const swept = await sweepTrades(app.t.ctx, later(7.5 * DAY));
    expect(swept.reminded).not.toContain(t.id);
    expect(swept.notSent).not.toContain(t.id);
    expect((await trade(t.id)).status).toBe('shipped');
    expect((await api.get(`/api/trade-requests/${t.id}`, t.owner)).json().shipBy).toBeNull();
  });
});

describe('the arrival check', () => {
  it('more pieces missing than declared: half the cost, rounded up, goes back to the requester; the owner gets the rest', async () => {
    const t = await acceptedTrade({ cost: 5, declaredMissing: 1 });
    expect((await api.post(`/api/trade-requests/${t.id}/ship`, t.owner)).statusCode).toBe(200);
    const res = await api.post(`/api/trade-requests/${t.id}/confirm-delivery`, t.requester, {
      arrived: 'missing_pieces',
      missingPieces: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'completed',
      missingPiecesReported: 2,
      arrivedIncomplete: true,
      missingPiecesRefund: 3,
    });
    const ledger = await db()
      .select({ userId: pointsLedger.userId, amount: pointsLedger.amount, reason: pointsLedger.reason })
      .from(pointsLedger)
      .where(eq(pointsLedger.tradeRequestId, t.id))
      .orderBy(asc(pointsLedger.id));
    expect(ledger).toEqual([
      { userId: t.requester.id, amount: -5, reason: 'trade_hold' },
      { userId: t.requester.id, amount: 3, reason: 'missing_pieces_refund' },
      { userId: t.owner.id, amount: 2, reason: 'trade_payment' },
    ]);
    expect(await noticeTypes(t.id, t.owner.id)).toContain('trade_completed');
    expect(await noticeTypes(t.id, t.requester.id)).toContain('trade_completed');
    const told = await app.mail.waitFor(t.requester.email, { subject: 'back for the missing pieces' });
    expect(told.subject).toContain('3 PuzzlePoints back for the missing pieces of "Lighthouses of Cornwall"');
    const record = (await api.get(`/api/members/${t.owner.id}`, t.requester)).json().record;
    expect(record).toMatchObject({ received: 1, arrivedIncomplete: 1, arrivedAsDescribed: 0, sent: 1, sentOnTime: 1 });
    await expectPointsInvariant(db(), [t.requester.id, t.owner.id]);
  });

  it('no more missing than the listing declared counts as described: the owner is paid in full', async () => {
    const t = await acceptedTrade({ cost: 5, declaredMissing: 2 });
    await api.post(`/api/trade-requests/${t.id}/ship`, t.owner);
    const res = await api.post(`/api/trade-requests/${t.id}/confirm-delivery`, t.requester, {
      arrived: 'missing_pieces',
      missingPieces: 2,
    });
    expect(res.json()).toMatchObject({ arrivedIncomplete: false, missingPiecesRefund: 0, missingPiecesReported: 2 });
    const [owner] = await db().select().from(users).where(eq(users.id, t.owner.id));
    expect(owner!.puzzlePoints).toBe(5 + 5);
  });

  it('the percent is the known setting trading.missingPieceRefundPercent, rounded up', async () => {
    await withSetting('missingPieceRefundPercent', 30, async () => {
      const t = await acceptedTrade({ cost: 7 });
      await api.post(`/api/trade-requests/${t.id}/ship`, t.owner);
      const res = await api.post(`/api/trade-requests/${t.id}/confirm-delivery`, t.requester, {
        arrived: 'missing_pieces',
        missingPieces: 1,
      });
      // ceil(7 × 30 / 100) = ceil(2.1) = 3
      expect(res.json().missingPiecesRefund).toBe(3);
    });
  });

  it('refuses an arrival check that does not add up, and changes nothing', async () => {
    const t = await acceptedTrade();
    await api.post(`/api/trade-requests/${t.id}/ship`, t.owner);
    for (const [body, message] of [
      [{ arrived: 'missing_pieces' }, MISSING_PIECES_COUNT_MESSAGE],
      [{ arrived: 'missing_pieces', missingPieces: 0 }, MISSING_PIECES_COUNT_MESSAGE],
      [{ arrived: 'missing_pieces', missingPieces: 50001 }, MISSING_PIECES_COUNT_MESSAGE],
      [{ arrived: 'missing_pieces', missingPieces: 1.5 }, MISSING_PIECES_COUNT_MESSAGE],
      [{ arrived: 'as_described', missingPieces: 3 }, MISSING_PIECES_NOT_EXPECTED_MESSAGE],
      [{ arrived: 'broken' }, 'Arrived must be as_described or missing_pieces'],
    ] as const) {
      const res = await api.post(`/api/trade-requests/${t.id}/confirm-delivery`, t.requester, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await trade(t.id)).status).toBe('shipped');
    // Another member's trade answers 404, whatever the body.
    const stranger = await veteran();
    const other = await api.post(`/api/trade-requests/${t.id}/confirm-delivery`, stranger, { arrived: 'as_described' });
    expect(other.statusCode).toBe(404);
  });
});

describe('the trading record', () => {
  it('is on the member page in numbers the page writes as words', async () => {
    const owner = await veteran({ firstName: 'Rita', lastName: 'Moss' });
    const requester = await veteran({ points: 30 });
    const l1 = await listingFor(db(), owner, { puzzlePoints: 2 });
    await completeTradeFor(api, requester, owner, l1.id);
    const page = (await api.get(`/api/members/${owner.id}`, requester)).json();
    expect(page.record).toEqual({
      completedTrades: 2,
      sent: 1,
      sentOnTime: 1,
      notSent: 0,
      received: 1,
      arrivedAsDescribed: 1,
      arrivedIncomplete: 0,
      onTimeShippingDays: 3,
    });
    expect(tradingRecordLines(page.record)).toEqual([
      'Posted within 3 days: 1 of 1',
      'Arrived as described: 1 of 1',
      'Not posted in time: 0',
    ]);
  });

  it('a puzzle posted later than trading.onTimeShippingDays after acceptance is sent, but not on time', async () => {
    const t = await acceptedTrade();
    await db()
      .update(tradeRequests)
      .set({ acceptedAt: sql`accepted_at - interval '4 days'` })
      .where(eq(tradeRequests.id, t.id));
    await api.post(`/api/trade-requests/${t.id}/ship`, t.owner);
    const record = (await api.get(`/api/members/${t.owner.id}`, t.requester)).json().record;
    expect(record).toMatchObject({ sent: 1, sentOnTime: 0 });
  });
});

describe('away', () => {
  const inDays = (n: number) => later(n * DAY).toISOString();

  it('refuses a return date more than 90 days ahead, or before leaving', async () => {
    const m = await veteran();
    const tooLong = await put('/api/profile/away', m, { until: inDays(91) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(AWAY_TOO_LONG_MESSAGE);
    const backwards = await put('/api/profile/away', m, { from: inDays(10), until: inDays(5) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(AWAY_UNTIL_AFTER_FROM_MESSAGE);
    const notADate = await put('/api/profile/away', m, { until: 'next Tuesday' });
    expect(notADate.statusCode).toBe(400);
    expect((await api.get('/api/auth/user', m)).json().awayUntil).toBeNull();
  });

  it('while away: requests are refused with the date, the pages say so; open trades go on; it ends when asked', async () => {
    const owner = await veteran({ firstName: 'Mabel', lastName: 'Hart' });
    const requester = await veteran({ points: 20 });
    const listing = await listingFor(db(), owner, { title: 'Tulip Fields' });
    const open = await acceptedTrade({ requester });
    const until = inDays(20);

    const set = await put('/api/profile/away', owner, { until });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ awayUntil: until });
    expect((await api.get('/api/auth/user', owner)).json().awayUntil).toBe(until);
    expect((await api.get(`/api/members/${owner.id}`, requester)).json().awayUntil).toBe(until);
    expect((await api.get(`/api/puzzle-listings/${listing.id}`, requester)).json().ownerAwayUntil).toBe(until);

    const refused = await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MEMBER_AWAY', message: awayMessage('Mabel H.', until) });
    expect(refused.json().message).toMatch(/^Mabel H\. is away until \d{1,2} [A-Z][a-z]{2}( \d{4})?\.$/);

    // A trade already open goes on while its owner is away.
    await put('/api/profile/away', open.owner, { until });
    expect((await api.post(`/api/trade-requests/${open.id}/ship`, open.owner)).statusCode).toBe(200);

    const back = await api.delete('/api/profile/away', owner);
    expect(back.statusCode).toBe(200);
    expect(back.json().awayUntil).toBeNull();
    expect((await api.get(`/api/members/${owner.id}`, requester)).json().awayUntil).toBeNull();
    expect((await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id })).statusCode).toBe(201);
  });

  it('starts and ends by itself: a holiday still to come, or already over, refuses nothing', async () => {
    const owner = await veteran({ firstName: 'Norah', lastName: 'Bell' });
    const requester = await veteran({ points: 20 });
    const [a, b] = await Promise.all([listingFor(db(), owner), listingFor(db(), owner)]);
    const planned = await put('/api/profile/away', owner, { from: inDays(5), until: inDays(12) });
    expect(planned.statusCode).toBe(200);
    expect(planned.json().awayFrom).not.toBeNull();
    expect((await api.get(`/api/members/${owner.id}`, requester)).json().awayUntil).toBeNull();
    expect((await api.post('/api/trade-requests', requester, { puzzleListingId: a!.id })).statusCode).toBe(201);

    // A holiday whose return date has passed has ended: no job clears it, every read compares with the clock.
    await db()
      .update(users)
      .set({ awayFrom: later(-10 * DAY), awayUntil: later(-60_000) })
      .where(eq(users.id, owner.id));
    expect((await api.get('/api/auth/user', owner)).json().awayUntil).toBeNull();
    expect((await api.get(`/api/members/${owner.id}`, requester)).json().awayUntil).toBeNull();
    expect((await api.post('/api/trade-requests', requester, { puzzleListingId: b!.id })).statusCode).toBe(201);
  });

  it('a day as the date box gives it means midnight on the club clock; signed out is 401', async () => {
    const m = await veteran();
    const day = later(30 * DAY)
      .toISOString()
      .slice(0, 10);
    const res = await put('/api/profile/away', m, { until: day });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json().awayUntil).toISOString().slice(0, 10) <= day).toBe(true);
    const visitor = await app.t.app.inject({ method: 'PUT', url: '/api/profile/away', payload: { until: day } });
    expect(visitor.statusCode).toBe(401);
    expect((await api.delete('/api/profile/away')).statusCode).toBe(401);
  });
});
