import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  feedbackReports,
  tradeRequests,
  tradingFeedback,
  tradingNotifications,
  users,
} from '../../src/server/db/schema';
import { sweepTrades } from '../../src/server/jobs/trade-sweeper';
import { completeTradeFor, listingFor, signedInMember, type SignedIn, useTradeTestApp } from './trades-fixtures';

// Feedback after a trade (docs/product/trades.md#feedback): each party rates the other once; it stays hidden until
// both have rated or 14 days have passed, so neither can answer the other's score.

const app = useTradeTestApp();
const { api, db } = app;
const DAY = 24 * 60 * 60 * 1000;

type Trade = { requester: SignedIn; owner: SignedIn; stranger: SignedIn; id: number };

async function completedTrade(): Promise<Trade> {
  const requester = await signedInMember(db(), { firstName: 'Hilary', lastName: 'Chambers', points: 10 });
  const owner = await signedInMember(db(), { firstName: 'Trevor', lastName: 'Baxter' });
  const stranger = await signedInMember(db(), { firstName: 'Brenda', lastName: 'McAllister' });
  const listing = await listingFor(db(), owner, { title: 'Canterbury Cathedral' });
  const id = await completeTradeFor(api, requester, owner, listing.id);
  return { requester, owner, stranger, id };
}

const rate = (tr: Trade, who: SignedIn, rating: number, comment = 'Beautifully packed and arrived quickly.') =>
  api.post(`/api/trade-requests/${tr.id}/feedback`, who, { rating, comment });
const feedbackOf = (tr: Trade, who: SignedIn) => api.get(`/api/trade-requests/${tr.id}/feedback`, who);
const reputation = async (id: number) =>
  (await db().select().from(users).where(eq(users.id, id)))[0]!.tradingReputation;

describe('leaving feedback', () => {
  it('stays hidden from the other party until they have rated too, then both are visible', async () => {
    const tr = await completedTrade();
    const res = await rate(tr, tr.requester, 5);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      tradeRequestId: tr.id,
      fromUserId: tr.requester.id,
      toUserId: tr.owner.id,
      fromName: 'Hilary C.',
      puzzleTitle: 'Canterbury Cathedral',
      rating: 5,
      isVisible: false,
      response: null,
    });

    // The author always sees what they wrote; the other party only that something is waiting.
    expect((await feedbackOf(tr, tr.requester)).json()).toMatchObject({
      given: { rating: 5 },
      received: null,
      canLeave: false,
    });
    const ownerSees = (await feedbackOf(tr, tr.owner)).json();
    expect(ownerSees).toMatchObject({ given: null, received: null, receivedHidden: true, canLeave: true });
    expect(ownerSees.visibleFrom).toBeTruthy();
    expect((await api.get(`/api/members/${tr.owner.id}/feedback`, tr.stranger)).json()).toEqual([]);
    expect((await api.get('/api/stats', tr.owner)).json().rating).toBeNull();
    expect(await reputation(tr.owner.id)).toBe(0);

    // The owner is told, in the app and by e-app.mail.
    const [note] = await db()
      .select()
      .from(tradingNotifications)
      .where(and(eq(tradingNotifications.userId, tr.owner.id), eq(tradingNotifications.type, 'feedback_received')));
    expect(note).toBeTruthy();
    // The owner's earlier trade mails may still be on their way, so wait for this one by name.
    expect((await app.mail.waitFor(tr.owner.email, { subject: 'You received feedback' })).text).toContain('Hilary C.');

    expect((await rate(tr, tr.owner, 4, 'Lovely to deal with.')).statusCode).toBe(201);
    const now = (await feedbackOf(tr, tr.owner)).json();
    expect(now).toMatchObject({
      given: { rating: 4, isVisible: true },
      received: { rating: 5, isVisible: true },
      receivedHidden: false,
    });
    expect((await feedbackOf(tr, tr.requester)).json().received).toMatchObject({
      rating: 4,
      comment: 'Lovely to deal with.',
    });

    const onProfile = (await api.get(`/api/members/${tr.owner.id}/feedback`, tr.stranger)).json();
    expect(onProfile).toHaveLength(1);
    expect(onProfile[0]).toMatchObject({ rating: 5, fromName: 'Hilary C.' });
    expect((await api.get('/api/stats', tr.owner)).json().rating).toBe(5);
    expect(await reputation(tr.owner.id)).toBe(5);
    expect(await reputation(tr.requester.id)).toBe(4);
  });

  it('each party once: a second time is refused with the documented message', async () => {
    const tr = await completedTrade();
    expect((await rate(tr, tr.requester, 3)).statusCode).toBe(201);
    const again = await rate(tr, tr.requester, 5);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already left feedback for this trade.');
    const rows = await db().select().from(tradingFeedback).where(eq(tradingFeedback.tradeRequestId, tr.id));
    expect(rows).toHaveLength(1);
  });

  it('only after completion (409), only by the two parties (404), with a rating of 1 to 5 and a comment', async () => {
    const tr = await completedTrade();
    expect((await rate(tr, tr.stranger, 5)).statusCode).toBe(404);
    const bad = await rate(tr, tr.requester, 6);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ path: 'rating', message: 'Rating must be a whole number from 1 to 5' });
    expect((await rate(tr, tr.requester, 2.5)).statusCode).toBe(400);
    expect((await rate(tr, tr.requester, 0)).statusCode).toBe(400);
    const empty = await rate(tr, tr.requester, 4, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ path: 'comment', message: 'Comment is required' });

    const requester = await signedInMember(db(), { points: 10 });
    const owner = await signedInMember(db());
    const listing = await listingFor(db(), owner);
    const open = (await api.post('/api/trade-requests', requester, { puzzleListingId: listing.id })).json();
    const early = await api.post(`/api/trade-requests/${open.id}/feedback`, requester, {
      rating: 5,
      comment: 'Too soon',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can leave feedback once the trade is complete.');
    expect((await api.get(`/api/trade-requests/${open.id}/feedback`, requester)).json().canLeave).toBe(false);
    expect((await feedbackOf(tr, tr.stranger)).statusCode).toBe(404);
  });

  it('becomes visible on its own 14 days after completion, and the rating follows', async () => {
    const tr = await completedTrade();
    expect((await rate(tr, tr.requester, 2, 'Pieces missing that were not declared.')).statusCode).toBe(201);
    await db()
      .update(tradeRequests)
      .set({ completedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(tradeRequests.id, tr.id));
    expect((await feedbackOf(tr, tr.owner)).json()).toMatchObject({ received: { rating: 2 }, receivedHidden: false });
    expect((await api.get(`/api/members/${tr.owner.id}/feedback`, tr.stranger)).json()).toHaveLength(1);
    expect((await api.get('/api/stats', tr.owner)).json().rating).toBe(2);
    // The cached reputation is refreshed by the sweeper when the 14 days run out.
    await sweepTrades(app.t.ctx);
    expect(await reputation(tr.owner.id)).toBe(2);
  });
});

describe('responding to feedback', () => {
  it('the rated member may respond once to visible feedback; it shows with the feedback', async () => {
    const tr = await completedTrade();
    const fb = (await rate(tr, tr.requester, 3, 'Took a while to arrive.')).json();
    // Hidden feedback cannot be answered: the recipient cannot see it yet.
    expect((await api.post(`/api/feedback/${fb.id}/response`, tr.owner, { response: 'Sorry!' })).statusCode).toBe(404);
    await rate(tr, tr.owner, 5);

    const empty = await api.post(`/api/feedback/${fb.id}/response`, tr.owner, { response: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ path: 'response', message: 'Response is required' });
    expect((await api.post(`/api/feedback/${fb.id}/response`, tr.requester, { response: 'Me?' })).statusCode).toBe(403);
    expect((await api.post(`/api/feedback/${fb.id}/response`, tr.stranger, { response: 'Hi' })).statusCode).toBe(404);

    const res = await api.post(`/api/feedback/${fb.id}/response`, tr.owner, {
      response: 'The post office lost it for a week.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ feedbackId: fb.id, response: 'The post office lost it for a week.' });
    const again = await api.post(`/api/feedback/${fb.id}/response`, tr.owner, { response: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already responded to this feedback.');

    const onProfile = (await api.get(`/api/members/${tr.owner.id}/feedback`, tr.stranger)).json();
    expect(onProfile[0].response).toMatchObject({ response: 'The post office lost it for a week.' });
  });
});

describe('reporting feedback', () => {
  it('any member who can read it may report it, once, with a reason and details; not its author', async () => {
    const tr = await completedTrade();
    const fb = (await rate(tr, tr.requester, 1, 'Rude and slow.')).json();
    const report = (who: SignedIn, body: object, path = `/api/feedback/${fb.id}/report`) => api.post(path, who, body);

    // Hidden: nobody but its author can see it, so nobody else can report it.
    expect((await report(tr.stranger, { reason: 'harassment', details: 'Unfair' })).statusCode).toBe(404);
    await rate(tr, tr.owner, 5);

    const noDetails = await report(tr.owner, { reason: 'harassment', details: '' });
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json().errors[0]).toEqual({ path: 'details', message: 'Please provide details' });
    expect((await report(tr.owner, { reason: 'rude', details: 'x' })).statusCode).toBe(400);
    expect((await report(tr.requester, { reason: 'other', details: 'Changed my mind' })).statusCode).toBe(403);

    const res = await report(tr.owner, { reason: 'harassment', details: 'This is not what happened.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending' });
    expect((await report(tr.owner, { reason: 'other', details: 'Again' })).statusCode).toBe(409);
    expect((await report(tr.stranger, { reason: 'inappropriate', details: 'Seems harsh' })).statusCode).toBe(201);
    const [row] = await db().select().from(tradingFeedback).where(eq(tradingFeedback.id, fb.id));
    expect(row!.isReported).toBe(true);

    // A response can be reported too, by anyone but the member who wrote it.
    await api.post(`/api/feedback/${fb.id}/response`, tr.owner, { response: 'Not true at all.' });
    const path = `/api/feedback/${fb.id}/response/report`;
    expect((await report(tr.owner, { reason: 'other', details: 'Mine' }, path)).statusCode).toBe(403);
    expect((await report(tr.requester, { reason: 'spam', details: 'Advertising' }, path)).statusCode).toBe(201);
    const reports = await db().select().from(feedbackReports).where(eq(feedbackReports.feedbackId, fb.id));
    expect(reports).toHaveLength(3);
    expect(reports.filter((r) => r.responseId !== null)).toHaveLength(1);
  });
});

describe('reporting the same feedback twice at once', () => {
  // A double click, or two tabs: both reports pass the 'already reported?' check unless the
  // check and the insert are one step. On PostgreSQL (api-postgres) the two requests really
  // run side by side on separate connections; the feedback row's lock orders them.
  it('lets exactly one through and answers the other 409', async () => {
    for (let round = 0; round < 3; round++) {
      const tr = await completedTrade();
      const fb = (await rate(tr, tr.requester, 2, 'Slow to post.')).json();
      await rate(tr, tr.owner, 5);
      const body = { reason: 'other', details: 'Not what happened.' };
      const [a, b, c] = await Promise.all([
        api.post(`/api/feedback/${fb.id}/report`, tr.owner, body),
        api.post(`/api/feedback/${fb.id}/report`, tr.owner, body),
        api.post(`/api/feedback/${fb.id}/report`, tr.stranger, body),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([201, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
        'You have already reported this. A club administrator will look at it.',
      );
      // Another member's report of the same feedback is not held up or refused.
      expect(c.statusCode).toBe(201);
      const reports = await db().select().from(feedbackReports).where(eq(feedbackReports.feedbackId, fb.id));
      expect(reports.map((r) => r.reportedByUserId).sort()).toEqual([tr.owner.id, tr.stranger.id].sort());
    }
  });
});

describe('a member’s feedback page', () => {
  it('is for signed-in members; an unknown member is not found', async () => {
    const tr = await completedTrade();
    expect((await api.get(`/api/members/${tr.owner.id}/feedback`)).statusCode).toBe(401);
    expect((await api.get('/api/members/999999/feedback', tr.owner)).statusCode).toBe(404);
  });
});
