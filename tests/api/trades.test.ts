import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditTrail,
  messageThreads,
  messages,
  pointsLedger,
  puzzleListings,
  tradeRequests,
  tradingNotifications,
  userActivities,
  users,
} from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { statementsSentDuring } from '../support/count-queries';
import { testDbKind } from '../support/test-database';
import { expectPointsInvariant, listingFor, signedInMember, type SignedIn, useTradeTestApp } from './trades-fixtures';

// The life of a trade through the API (docs/product/trades.md), step by step and party by party: what
// each member may do, what they are refused (and that a refusal changes nothing), what each
// step tells the other member, and where the points are at every moment.

const app = useTradeTestApp();
const { api, db } = app;
const DAY = 24 * 60 * 60 * 1000;

async function memberRow(id: number) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}
async function tradeRowById(id: number) {
  const [row] = await db().select().from(tradeRequests).where(eq(tradeRequests.id, id));
  return row!;
}
async function listingRow(id: number) {
  const [row] = await db().select().from(puzzleListings).where(eq(puzzleListings.id, id));
  return row!;
}
async function threadMessages(threadId: number) {
  return db().select().from(messages).where(eq(messages.threadId, threadId)).orderBy(asc(messages.id));
}
async function notificationsOf(userId: number) {
  return db()
    .select()
    .from(tradingNotifications)
    .where(eq(tradingNotifications.userId, userId))
    .orderBy(asc(tradingNotifications.id));
}
async function auditOf(tradeId: number) {
  return db()
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.entityType, 'trade_request'), eq(auditTrail.entityId, tradeId)))
    .orderBy(asc(auditTrail.id));
}

type Cast = {
  requester: SignedIn;
  owner: SignedIn;
  stranger: SignedIn;
  listing: Awaited<ReturnType<typeof listingFor>>;
};

/** Two members and a 5-point listing; the requester has `points`. */
async function cast(points = 10, listingPoints = 5): Promise<Cast> {
  const requester = await signedInMember(db(), { firstName: 'Jean', lastName: 'Fairbairn', points });
  const owner = await signedInMember(db(), { firstName: 'Derek', lastName: 'Pemberton', points: 5 });
  const stranger = await signedInMember(db(), { firstName: 'Colin', lastName: 'Whitaker' });
  const listing = await listingFor(db(), owner, {
    title: `Signal Box at Dawn ${owner.id}`,
    puzzlePoints: listingPoints,
    missingPieces: 2,
  });
  return { requester, owner, stranger, listing };
}

/** A signed-in administrator. Administrators are e-mailed about every dispute raised after. */
function admin(firstName = 'Eleanor', lastName = 'Whitfield') {
  return signedInMember(db(), { firstName, lastName, isAdmin: true });
}

async function requestIt(c: Cast, payload: object = {}) {
  const res = await api.post('/api/trade-requests', c.requester, { puzzleListingId: c.listing.id, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; threadId: number; [k: string]: unknown };
}

async function step(path: string, who: SignedIn, tradeId: number, payload?: object) {
  return api.post(`/api/trade-requests/${tradeId}/${path}`, who, payload);
}

async function to(state: 'pending' | 'accepted' | 'shipped' | 'disputed' | 'completed', points = 10) {
  const c = await cast(points);
  const trade = await requestIt(c);
  if (state !== 'pending') expect((await step('accept', c.owner, trade.id)).statusCode).toBe(200);
  if (state === 'shipped' || state === 'completed') {
    expect(
      (await step('ship', c.owner, trade.id, { carrierName: 'Royal Mail', trackingNumber: 'RM123456789GB' }))
        .statusCode,
    ).toBe(200);
  }
  if (state === 'completed') expect((await step('confirm-delivery', c.requester, trade.id)).statusCode).toBe(200);
  if (state === 'disputed') {
    expect(
      (await step('dispute', c.requester, trade.id, { details: 'Nothing has arrived after three weeks.' })).statusCode,
    ).toBe(200);
  }
  return { ...c, trade };
}

describe('requesting a puzzle', () => {
  it('creates a pending request, a thread with a system message and the comment, a notice, an audit row and an e-mail to the owner', async () => {
    const c = await cast();
    const before = Date.now();
    const res = await api.post('/api/trade-requests', c.requester, {
      puzzleListingId: c.listing.id,
      requestComments: '  Would love this one for the winter evenings.  ',
    });
    expect(res.statusCode).toBe(201);
    const trade = res.json();
    expect(trade).toMatchObject({
      status: 'pending',
      role: 'requester',
      puzzleListingId: c.listing.id,
      requesterId: c.requester.id,
      ownerId: c.owner.id,
      requesterName: 'Jean F.',
      ownerName: 'Derek P.',
      otherPartyId: c.owner.id,
      otherPartyName: 'Derek P.',
      puzzlePointsCost: 5,
      heldPoints: 0,
      requestComments: 'Would love this one for the winter evenings.',
      availableActions: ['cancel'],
      requesterAddress: null,
      shipping: null,
      listing: { id: c.listing.id, title: c.listing.title, pieces: 1000, missingPieces: 2 },
      feedbackGiven: false,
      canLeaveFeedback: false,
    });
    const expires = new Date(trade.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY);

    // No points move on request.
    expect((await memberRow(c.requester.id)).puzzlePoints).toBe(10);

    const [thread] = await db().select().from(messageThreads).where(eq(messageThreads.id, trade.threadId));
    expect(thread).toMatchObject({
      subject: `Trade request: ${c.listing.title}`,
      puzzleListingId: c.listing.id,
      tradeRequestId: trade.id,
    });
    const msgs = await threadMessages(trade.threadId);
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toMatchObject({ senderId: null, isSystemMessage: true });
    expect(msgs[0]!.content).toContain('Jean F. asked for');
    expect(msgs[0]!.content).toContain('7 days');
    expect(msgs[1]).toMatchObject({
      senderId: c.requester.id,
      isSystemMessage: false,
      content: 'Would love this one for the winter evenings.',
    });

    const notes = await notificationsOf(c.owner.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ tradeRequestId: trade.id, type: 'trade_requested', isRead: false });
    expect(await notificationsOf(c.requester.id)).toHaveLength(0);

    const audit = await auditOf(trade.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: c.requester.id, action: 'request', ipAddress: '127.0.0.1' });

    const m = await app.mail.waitFor(c.owner.email);
    expect(m.subject).toContain(c.listing.title);
    expect(m.text).toContain('http://club.test/trades');
    expect(m.text).toContain('Jean F.');
    await drainNotices(app.t.ctx);
    expect((await notificationsOf(c.owner.id))[0]!.emailSent).toBe(true);
  });

  it('refuses the owner with the documented words', async () => {
    const c = await cast();
    const res = await api.post('/api/trade-requests', c.owner, { puzzleListingId: c.listing.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot request your own puzzle listing.');
  });

  it('refuses an incomplete profile with the documented words', async () => {
    const c = await cast();
    const noPhone = await signedInMember(db(), { phone: null, points: 10 });
    const res = await api.post('/api/trade-requests', noPhone, { puzzleListingId: c.listing.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Complete your profile first. You need to add your full name, phone number, and postal address to request puzzles.',
    );
  });

  it('refuses a balance below the cost with the documented words', async () => {
    const c = await cast(2);
    const res = await api.post('/api/trade-requests', c.requester, { puzzleListingId: c.listing.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Insufficient puzzle points. You have 2 points but need 5 points.');
  });

  it('refuses a listing that is not available: 400, and a draft or unknown listing is not found', async () => {
    const c = await cast();
    const taken = await listingFor(db(), c.owner, { isAvailable: false });
    const draft = await listingFor(db(), c.owner, { status: 'draft' });
    const sold = await listingFor(db(), c.owner, { status: 'sold', isAvailable: false });
    const r1 = await api.post('/api/trade-requests', c.requester, { puzzleListingId: taken.id });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe('This puzzle is not available for trading.');
    expect((await api.post('/api/trade-requests', c.requester, { puzzleListingId: sold.id })).statusCode).toBe(400);
    expect((await api.post('/api/trade-requests', c.requester, { puzzleListingId: draft.id })).statusCode).toBe(404);
    expect((await api.post('/api/trade-requests', c.requester, { puzzleListingId: 999999 })).statusCode).toBe(404);
  });

  it('refuses a second open request for the same puzzle with 409, and allows a new one once the first has ended', async () => {
    const c = await cast();
    const first = await requestIt(c);
    const again = await api.post('/api/trade-requests', c.requester, { puzzleListingId: c.listing.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have an open request for this puzzle.');
    expect((await step('cancel', c.requester, first.id)).statusCode).toBe(200);
    expect((await api.post('/api/trade-requests', c.requester, { puzzleListingId: c.listing.id })).statusCode).toBe(
      201,
    );
  });

  it('validates the body and needs sign-in; a refusal writes nothing', async () => {
    const c = await cast();
    const count = async () => (await db().select().from(tradeRequests)).length;
    const before = await count();
    expect((await api.post('/api/trade-requests', undefined, { puzzleListingId: c.listing.id })).statusCode).toBe(401);
    const long = await api.post('/api/trade-requests', c.requester, {
      puzzleListingId: c.listing.id,
      requestComments: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Validation failed: requestComments: Comments must be at most 500 characters');
    expect((await api.post('/api/trade-requests', c.requester, {})).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('reading trades', () => {
  it('lists the member’s trades newest first, by role, and hides them from everyone else', async () => {
    const c = await cast(20);
    const second = await listingFor(db(), c.owner, { title: 'Second puzzle', puzzlePoints: 3 });
    const a = await requestIt(c);
    const b = (await api.post('/api/trade-requests', c.requester, { puzzleListingId: second.id })).json();

    const mine = (await api.get('/api/trade-requests?role=requester', c.requester)).json();
    expect(mine.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect((await api.get('/api/trade-requests?role=owner', c.requester)).json()).toEqual([]);
    const theirs = (await api.get('/api/trade-requests?role=owner', c.owner)).json();
    expect(theirs.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(theirs[0]).toMatchObject({
      role: 'owner',
      otherPartyName: 'Jean F.',
      availableActions: ['accept', 'decline'],
    });
    expect((await api.get('/api/trade-requests', c.owner)).json()).toHaveLength(2);
    expect((await api.get('/api/trade-requests?role=somebody', c.owner)).statusCode).toBe(400);

    expect((await api.get(`/api/trade-requests/${a.id}`, c.owner)).json().id).toBe(a.id);
    expect((await api.get(`/api/trade-requests/${a.id}`, c.stranger)).statusCode).toBe(404);
    expect((await api.get(`/api/trade-requests/${a.id}`)).statusCode).toBe(401);
    expect((await api.get('/api/trade-requests/not-a-number', c.owner)).statusCode).toBe(404);
    expect((await api.get('/api/trade-requests', c.stranger)).json()).toEqual([]);
  });

  it('shows the requester’s address to the owner only, and only while the trade is under way', async () => {
    const { requester, owner, trade } = await to('pending');
    expect((await api.get(`/api/trade-requests/${trade.id}`, owner)).json().requesterAddress).toBeNull();
    await step('accept', owner, trade.id);
    const seen = (await api.get(`/api/trade-requests/${trade.id}`, owner)).json();
    expect(seen.requesterAddress).toEqual({
      fullName: 'Jean Fairbairn',
      line_1: '12 Orchard Lane',
      line_2: null,
      locality: null,
      town_or_city: 'Harrogate',
      county: 'North Yorkshire',
      postcode: 'HG1 2AB',
      country: 'United Kingdom',
    });
    // The requester's own view never carries an address, nor does the owner's after a cancel.
    expect((await api.get(`/api/trade-requests/${trade.id}`, requester)).json().requesterAddress).toBeNull();
    await step('cancel', requester, trade.id);
    expect((await api.get(`/api/trade-requests/${trade.id}`, owner)).json().requesterAddress).toBeNull();
  });

  it('never shows the address after a decline', async () => {
    const { owner, trade } = await to('pending');
    await step('decline', owner, trade.id);
    expect((await api.get(`/api/trade-requests/${trade.id}`, owner)).json().requesterAddress).toBeNull();
  });
});

describe('accepting', () => {
  it('holds the cost from the requester, takes the puzzle off the market and tells the requester', async () => {
    const { requester, owner, listing, trade } = await to('pending');
    const res = await step('accept', owner, trade.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', heldPoints: 5, availableActions: ['ship', 'dispute'] });
    expect(res.json().acceptedAt).toBeTruthy();
    expect((await memberRow(requester.id)).puzzlePoints).toBe(5);
    expect((await memberRow(owner.id)).puzzlePoints).toBe(5);
    const ledger = await db().select().from(pointsLedger).where(eq(pointsLedger.tradeRequestId, trade.id));
    expect(ledger).toEqual([
      expect.objectContaining({ userId: requester.id, amount: -5, balanceAfter: 5, reason: 'trade_hold' }),
    ]);
    expect(await listingRow(listing.id)).toMatchObject({ status: 'active', isAvailable: false });

    const requesterView = (await api.get(`/api/trade-requests/${trade.id}`, requester)).json();
    expect(requesterView.availableActions).toEqual(['cancel', 'dispute']);
    const msgs = await threadMessages(trade.threadId);
    expect(msgs.at(-1)!.content).toContain('Derek P. accepted the request');
    expect((await notificationsOf(requester.id)).map((n) => n.type)).toEqual(['trade_accepted']);
    expect((await auditOf(trade.id)).map((a) => a.action)).toEqual(['request', 'accept']);
    const m = await app.mail.waitFor(requester.email);
    expect(m.subject).toContain('was accepted');
    await expectPointsInvariant(db());
  });

  it('declines every other pending request for the puzzle, each with a system message and a notice', async () => {
    const c = await cast();
    const other = await signedInMember(db(), { firstName: 'Moira', lastName: 'Donnelly', points: 10 });
    const first = await requestIt(c);
    const second = (await api.post('/api/trade-requests', other, { puzzleListingId: c.listing.id })).json();
    expect((await step('accept', c.owner, second.id)).statusCode).toBe(200);

    const declined = await tradeRowById(first.id);
    expect(declined).toMatchObject({ status: 'declined', heldPoints: 0 });
    expect((await threadMessages(first.threadId)).at(-1)!.content).toContain('has gone to another member');
    expect((await notificationsOf(c.requester.id)).map((n) => n.type)).toEqual(['trade_declined']);
    expect((await memberRow(c.requester.id)).puzzlePoints).toBe(10);
    expect((await app.mail.waitFor(c.requester.email)).subject).toContain('has gone to another member');
    // A new request for a taken puzzle is refused.
    const third = await signedInMember(db(), { points: 10 });
    expect((await api.post('/api/trade-requests', third, { puzzleListingId: c.listing.id })).statusCode).toBe(400);
    await expectPointsInvariant(db());
  });

  it('fails cleanly with 409 when the requester no longer has the points, and changes nothing', async () => {
    const requester = await signedInMember(db(), { points: 5 });
    const owners = [await signedInMember(db()), await signedInMember(db())];
    const listings = [
      await listingFor(db(), owners[0]!, { puzzlePoints: 4 }),
      await listingFor(db(), owners[1]!, { puzzlePoints: 4 }),
    ];
    const trades = [];
    for (const l of listings)
      trades.push((await api.post('/api/trade-requests', requester, { puzzleListingId: l.id })).json());
    expect((await step('accept', owners[0]!, trades[0].id)).statusCode).toBe(200);
    const res = await step('accept', owners[1]!, trades[1].id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The requester no longer has enough PuzzlePoints for this trade.');
    expect(await tradeRowById(trades[1].id)).toMatchObject({ status: 'pending', heldPoints: 0 });
    expect(await listingRow(listings[1]!.id)).toMatchObject({ isAvailable: true });
    expect((await memberRow(requester.id)).puzzlePoints).toBe(1);
    expect(await auditOf(trades[1].id)).toHaveLength(1);
    await expectPointsInvariant(db());
  });

  it('is refused (409) while the requester’s profile has no postal address to send to', async () => {
    const { requester, owner, trade } = await to('pending');
    await db().update(users).set({ postcode: null }).where(eq(users.id, requester.id));
    const res = await step('accept', owner, trade.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no complete postal address');
    expect(await tradeRowById(trade.id)).toMatchObject({ status: 'pending', heldPoints: 0 });
  });

  it('is the owner’s alone: the requester gets 403, a stranger 404, a second accept 409', async () => {
    const { requester, owner, stranger, trade } = await to('pending');
    const byRequester = await step('accept', requester, trade.id);
    expect(byRequester.statusCode).toBe(403);
    expect(byRequester.json().message).toBe('Only the owner of the puzzle can accept this request.');
    expect((await step('accept', stranger, trade.id)).statusCode).toBe(404);
    expect((await step('accept', undefined as never, trade.id)).statusCode).toBe(401);
    expect((await step('accept', owner, 999999)).statusCode).toBe(404);
    expect((await tradeRowById(trade.id)).status).toBe('pending');
    expect((await step('accept', owner, trade.id)).statusCode).toBe(200);
    const again = await step('accept', owner, trade.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This trade is accepted, so it cannot be accepted.');
    expect((await memberRow(requester.id)).puzzlePoints).toBe(5);
  });
});

describe('declining', () => {
  it('ends the request with the reason, tells the requester, and moves no points', async () => {
    const { requester, owner, trade } = await to('pending');
    const res = await step('decline', owner, trade.id, { reason: 'Sorry, promised it to my sister.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'declined',
      declineReason: 'Sorry, promised it to my sister.',
      availableActions: [],
    });
    expect(res.json().declinedAt).toBeTruthy();
    expect((await threadMessages(trade.threadId)).at(-1)!.content).toContain('Sorry, promised it to my sister.');
    expect((await notificationsOf(requester.id)).map((n) => n.type)).toEqual(['trade_declined']);
    expect((await app.mail.waitFor(requester.email)).text).toContain('promised it to my sister');
    expect((await memberRow(requester.id)).puzzlePoints).toBe(10);
  });

  it('needs no body; the requester cannot decline (403); an accepted trade cannot be declined (409)', async () => {
    const a = await to('pending');
    expect((await step('decline', a.requester, a.trade.id)).statusCode).toBe(403);
    const b = await to('accepted');
    const res = await step('decline', b.owner, b.trade.id);
    expect(res.statusCode).toBe(409);
    expect((await tradeRowById(b.trade.id)).status).toBe('accepted');
    expect(
      await app.t.app.inject({
        method: 'POST',
        url: `/api/trade-requests/${a.trade.id}/decline`,
        headers: { cookie: a.owner.cookie },
      }),
    ).toMatchObject({ statusCode: 200 });
  });
});

describe("a trade step in the members' conversation", () => {
  const unreadMessages = async (who: SignedIn) =>
    (await api.get('/api/messages/unread-count', who)).json().count as number;
  const threadUnread = async (who: SignedIn, threadId: number) =>
    ((await api.get('/api/message-threads', who)).json() as { id: number; unreadCount: number }[]).find(
      (thread) => thread.id === threadId,
    )!.unreadCount;

  it('is news to the other member only: the one who acted does not see it as unread', async () => {
    const c = await cast();
    const trade = await requestIt(c);
    // The request's system message: unread for the owner, not for the requester who asked.
    expect(await threadUnread(c.requester, trade.threadId)).toBe(0);
    const ownerBefore = await threadUnread(c.owner, trade.threadId);
    expect(ownerBefore).toBeGreaterThan(0);
    const requesterBefore = await unreadMessages(c.requester);

    expect((await step('accept', c.owner, trade.id)).statusCode).toBe(200);
    expect(await threadUnread(c.owner, trade.threadId)).toBe(ownerBefore);
    expect(await unreadMessages(c.requester)).toBe(requesterBefore + 1);
    const last = (await threadMessages(trade.threadId)).at(-1)!;
    expect(last).toMatchObject({ isSystemMessage: true, senderId: null, systemActorId: c.owner.id });
  });

  it("an administrator's decision is news to both", async () => {
    const d = await to('disputed');
    const boss = await admin();
    const before = [await threadUnread(d.requester, d.trade.threadId), await threadUnread(d.owner, d.trade.threadId)];
    const res = await api.post(`/api/admin/trade-requests/${d.trade.id}/resolve`, boss, { outcome: 'refund' });
    // Administrators are e-mailed about every dispute: later tests count those mails.
    await db().update(users).set({ isAdmin: false }).where(eq(users.id, boss.id));
    expect(res.statusCode).toBe(200);
    expect(await threadUnread(d.requester, d.trade.threadId)).toBe(before[0]! + 1);
    expect(await threadUnread(d.owner, d.trade.threadId)).toBe(before[1]! + 1);
  });
});

describe('the owner taking the puzzle off the club', () => {
  async function setStatus(who: SignedIn, listingId: number, status: string) {
    return app.t.app.inject({
      method: 'PATCH',
      url: `/api/puzzle-listings/${listingId}`,
      payload: { status },
      headers: { cookie: who.cookie },
    });
  }

  it('archiving closes every pending request, tells each requester, and moves no points', async () => {
    const c = await cast();
    const first = await requestIt(c);
    const second = await signedInMember(db(), { firstName: 'Irene', lastName: 'Holt', points: 10 });
    const other = await api.post('/api/trade-requests', second, { puzzleListingId: c.listing.id });
    expect(other.statusCode).toBe(201);

    const res = await setStatus(c.owner, c.listing.id, 'archived');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('archived');
    await drainNotices(app.t.ctx);

    for (const [member, tradeId, threadId] of [
      [c.requester, first.id, first.threadId],
      [second, other.json().id, other.json().threadId],
    ] as const) {
      expect(await tradeRowById(tradeId)).toMatchObject({
        status: 'declined',
        declineReason: 'The owner took this puzzle off the club.',
        heldPoints: 0,
      });
      const last = (await threadMessages(threadId)).at(-1)!;
      expect(last.isSystemMessage).toBe(true);
      expect(last.content).toContain('took "Signal Box at Dawn');
      expect((await notificationsOf(member.id)).map((n) => n.type)).toEqual(['trade_declined']);
      expect((await app.mail.waitFor(member.email)).subject).toContain('is no longer available');
      expect((await memberRow(member.id)).puzzlePoints).toBe(10);
      const audit = (await auditOf(tradeId)).at(-1)!;
      expect(audit).toMatchObject({ userId: c.owner.id });
    }
    await expectPointsInvariant(db());
  });

  it('going back to draft closes them too; editing the live listing does not', async () => {
    const a = await cast();
    const kept = await requestIt(a);
    const edit = await app.t.app.inject({
      method: 'PATCH',
      url: `/api/puzzle-listings/${a.listing.id}`,
      payload: {
        title: `Signal Box at Dawn, renamed ${a.owner.id}`,
        pieces: a.listing.pieces,
        condition: a.listing.condition,
        puzzlePoints: a.listing.puzzlePoints,
      },
      headers: { cookie: a.owner.cookie },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await tradeRowById(kept.id)).status).toBe('pending');

    expect((await setStatus(a.owner, a.listing.id, 'draft')).statusCode).toBe(200);
    expect((await tradeRowById(kept.id)).status).toBe('declined');
  });

  it('is refused while a trade for it is under way, and the refusal leaves other requests alone', async () => {
    const b = await to('accepted');
    const res = await setStatus(b.owner, b.listing.id, 'archived');
    expect(res.statusCode).toBe(409);
    expect((await tradeRowById(b.trade.id)).status).toBe('accepted');
    expect((await listingRow(b.listing.id)).status).toBe('active');
  });

  it('another member cannot do it (403), so nobody else can close the requests', async () => {
    const c = await cast();
    const pending = await requestIt(c);
    expect((await setStatus(c.stranger, c.listing.id, 'archived')).statusCode).toBe(403);
    expect((await tradeRowById(pending.id)).status).toBe('pending');
  });
});

describe('cancelling', () => {
  it('a pending request: no points move, the owner is told', async () => {
    const { requester, owner, trade } = await to('pending');
    const res = await step('cancel', requester, trade.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', heldPoints: 0 });
    expect((await memberRow(requester.id)).puzzlePoints).toBe(10);
    expect((await notificationsOf(owner.id)).map((n) => n.type)).toEqual(['trade_requested', 'trade_cancelled']);
    expect(await db().select().from(pointsLedger).where(eq(pointsLedger.tradeRequestId, trade.id))).toEqual([]);
  });

  it('an accepted trade: the held points come back through the ledger and the puzzle is available again', async () => {
    const { requester, owner, listing, trade } = await to('accepted');
    const res = await step('cancel', requester, trade.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', heldPoints: 0 });
    expect((await memberRow(requester.id)).puzzlePoints).toBe(10);
    const ledger = await db()
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.tradeRequestId, trade.id))
      .orderBy(asc(pointsLedger.id));
    expect(ledger.map((l) => [l.reason, l.amount, l.balanceAfter])).toEqual([
      ['trade_hold', -5, 5],
      ['trade_refund', 5, 10],
    ]);
    expect(await listingRow(listing.id)).toMatchObject({ status: 'active', isAvailable: true });
    expect((await threadMessages(trade.threadId)).at(-1)!.content).toContain('went back to Jean F.');
    // The owner is told of the request and of the cancelling, in either order.
    expect(await app.mail.waitFor(owner.email, { subject: 'New request for' })).toBeTruthy();
    await expectPointsInvariant(db());
  });

  it('is the requester’s alone (owner 403), and not once the puzzle is sent (409)', async () => {
    const a = await to('accepted');
    const byOwner = await step('cancel', a.owner, a.trade.id);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe('Only the member who made the request can cancel it.');
    const b = await to('shipped');
    const res = await step('cancel', b.requester, b.trade.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This trade is shipped, so it cannot be cancelled.');
    expect(await tradeRowById(b.trade.id)).toMatchObject({ status: 'shipped', heldPoints: 5 });
  });
});

describe('shipping', () => {
  it('records carrier and tracking, shows them to the requester, and starts the 21-day clock', async () => {
    const { requester, owner, trade } = await to('accepted');
    // Before it is sent the requester sees no shipping details.
    expect((await api.get(`/api/trade-requests/${trade.id}`, requester)).json().shipping).toBeNull();
    const res = await step('ship', owner, trade.id, {
      carrierName: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
      shippingNotes: 'Bubble-wrapped',
    });
    expect(res.statusCode).toBe(200);
    const view = (await api.get(`/api/trade-requests/${trade.id}`, requester)).json();
    expect(view).toMatchObject({
      status: 'shipped',
      shipping: { carrierName: 'Royal Mail', trackingNumber: 'RM123456789GB', shippingNotes: 'Bubble-wrapped' },
      availableActions: ['confirm-delivery', 'dispute'],
    });
    expect(new Date(view.autoCompleteAt).getTime() - new Date(view.shippedAt).getTime()).toBe(21 * DAY);
    expect((await threadMessages(trade.threadId)).at(-1)!.content).toContain('Tracking number: RM123456789GB');
    // Each step's mail is sent after its own commit, so the two may arrive in either order.
    expect(await app.mail.waitFor(requester.email, { subject: 'was accepted' })).toBeTruthy();
    expect((await app.mail.waitFor(requester.email, { subject: 'is on its way' })).text).toContain('RM123456789GB');
  });

  it('is the owner’s alone (requester 403), only once accepted (409)', async () => {
    const a = await to('accepted');
    expect((await step('ship', a.requester, a.trade.id)).statusCode).toBe(403);
    const b = await to('pending');
    const res = await step('ship', b.owner, b.trade.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This trade is pending, so it cannot be marked as sent.');
    expect((await tradeRowById(b.trade.id)).shippedAt).toBeNull();
  });
});

describe('confirming delivery', () => {
  it('pays the owner the held points, sells the listing and counts a completed trade for both', async () => {
    const { requester, owner, listing, trade } = await to('shipped');
    const res = await step('confirm-delivery', requester, trade.id, { deliveryNotes: 'Arrived safely, thank you!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'completed',
      heldPoints: 0,
      deliveryNotes: 'Arrived safely, thank you!',
      canLeaveFeedback: true,
    });
    expect(res.json().completedAt).toBeTruthy();
    expect(res.json().deliveredAt).toBeTruthy();
    expect(await memberRow(owner.id)).toMatchObject({ puzzlePoints: 10, completedTrades: 1 });
    expect(await memberRow(requester.id)).toMatchObject({ puzzlePoints: 5, completedTrades: 1 });
    const payment = await db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.tradeRequestId, trade.id), eq(pointsLedger.reason, 'trade_payment')));
    expect(payment).toEqual([expect.objectContaining({ userId: owner.id, amount: 5, balanceAfter: 10 })]);
    expect(await listingRow(listing.id)).toMatchObject({ status: 'sold', isAvailable: false });
    const activity = await db().select().from(userActivities).where(eq(userActivities.targetId, trade.id));
    expect(activity.map((a) => a.userId).sort()).toEqual([requester.id, owner.id].sort());
    expect((await notificationsOf(owner.id)).at(-1)!.type).toBe('trade_completed');
    expect((await auditOf(trade.id)).map((a) => a.action)).toEqual(['request', 'accept', 'ship', 'confirm-delivery']);
    await expectPointsInvariant(db());
  });

  it('is the requester’s alone (owner 403), only once shipped (409), and only once (409)', async () => {
    const a = await to('shipped');
    const byOwner = await step('confirm-delivery', a.owner, a.trade.id);
    expect(byOwner.statusCode).toBe(403);
    const b = await to('accepted');
    expect((await step('confirm-delivery', b.requester, b.trade.id)).statusCode).toBe(409);
    expect((await step('confirm-delivery', a.requester, a.trade.id)).statusCode).toBe(200);
    expect((await step('confirm-delivery', a.requester, a.trade.id)).statusCode).toBe(409);
    expect((await memberRow(a.owner.id)).puzzlePoints).toBe(10);
    expect(await tradeRowById(b.trade.id)).toMatchObject({ status: 'accepted', heldPoints: 5 });
  });
});

describe('disputes', () => {
  it('either party can report a problem on an accepted or shipped trade; the points stay held', async () => {
    const a = await to('shipped');
    const res = await step('dispute', a.owner, a.trade.id, {
      details: 'The requester says it never came; I have proof of postage.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'disputed',
      heldPoints: 5,
      disputedById: a.owner.id,
      availableActions: [],
    });
    expect((await notificationsOf(a.requester.id)).at(-1)!.type).toBe('trade_disputed');
    expect((await threadMessages(a.trade.threadId)).at(-1)!.content).toContain('proof of postage');

    const b = await to('accepted');
    expect((await step('dispute', b.requester, b.trade.id, { details: 'No reply for weeks.' })).statusCode).toBe(200);
    await expectPointsInvariant(db());
  });

  it('e-mails every administrator (not the parties, not other members) a link to the admin panel', async () => {
    const c = await cast();
    const trade = await requestIt(c);
    expect((await step('accept', c.owner, trade.id)).statusCode).toBe(200);
    const admins = [await admin(), await admin('Gordon', 'Ramsbottom')];
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, c.owner.id));
    await drainNotices(app.t.ctx);
    const before = app.mail.messages.length;

    const res = await step('dispute', c.requester, trade.id, { details: 'The box arrived empty.' });
    expect(res.statusCode).toBe(200);
    await drainNotices(app.t.ctx);
    const sent = app.mail.messages.slice(before);

    for (const a of admins) {
      const m = await app.mail.waitFor(a.email);
      expect(m.subject).toBe(`A problem was reported with "${c.listing.title}" (Trade #${trade.id}) | Jigsaw Club`);
      expect(m.text).toContain('Jean F. (the requester) reported a problem');
      expect(m.text).toContain('The box arrived empty.');
      expect(m.text).toContain('Open the admin panel:\nhttp://club.test/admin\n');
      expect(m.text).toContain('because you are an administrator');
    }
    // The owner is an administrator too, but a party: they get the party's notice only.
    expect(sent.filter((m) => m.to === c.owner.email.toLowerCase()).map((m) => m.subject)).toEqual([
      `A problem was reported with "${c.listing.title}" | Jigsaw Club`,
    ]);
    expect(sent.map((m) => m.to).sort()).toEqual(
      [...admins.map((a) => a.email), c.owner.email].map((e) => e.toLowerCase()).sort(),
    );
    // Administrators get no in-app notification: the trade is not theirs to follow on /trades.
    for (const a of admins) expect(await notificationsOf(a.id)).toEqual([]);
    // The owner's notice is marked e-mailed as before.
    expect((await notificationsOf(c.owner.id)).at(-1)).toMatchObject({ type: 'trade_disputed', emailSent: true });
    await db()
      .update(users)
      .set({ isAdmin: false })
      .where(
        inArray(
          users.id,
          [...admins, c.owner].map((a) => a.id),
        ),
      );
  });

  it('needs details, and is refused on a pending or finished trade (409) and to strangers (404)', async () => {
    const a = await to('accepted');
    const empty = await step('dispute', a.requester, a.trade.id, { details: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ path: 'details', message: 'Please provide details' });
    expect((await step('dispute', a.stranger, a.trade.id, { details: 'Nosy' })).statusCode).toBe(404);
    const p = await to('pending');
    expect((await step('dispute', p.requester, p.trade.id, { details: 'Too slow' })).statusCode).toBe(409);
    const c = await to('completed');
    expect((await step('dispute', c.requester, c.trade.id, { details: 'Too late' })).statusCode).toBe(409);
    expect((await step('dispute', a.requester, a.trade.id, { details: 'Real problem' })).statusCode).toBe(200);
    expect((await step('dispute', a.owner, a.trade.id, { details: 'Me too' })).statusCode).toBe(409);
  });
});

describe('an administrator resolving a dispute', () => {
  const resolve = (id: number, who: SignedIn | undefined, outcome: string) =>
    api.post(`/api/admin/trade-requests/${id}/resolve`, who, { outcome, notes: 'Spoke to both by phone.' });

  it('lists the disputes waiting for a decision, longest waiting first, to administrators only', async () => {
    const first = await to('disputed');
    const second = await to('disputed');
    const settled = await to('disputed');
    const boss = await admin();
    expect((await resolve(settled.trade.id, boss, 'refund')).statusCode).toBe(200);

    const res = await api.get('/api/admin/trade-requests?status=disputed', boss);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as { id: number }[]).map((trade) => trade.id);
    expect(ids).not.toContain(settled.trade.id);
    expect(ids.indexOf(first.trade.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.trade.id)).toBeLessThan(ids.indexOf(second.trade.id));
    const shown = (res.json() as Record<string, unknown>[]).find((trade) => trade.id === first.trade.id)!;
    expect(shown).toMatchObject({
      status: 'disputed',
      role: 'admin',
      requesterName: 'Jean F.',
      ownerName: 'Derek P.',
      heldPoints: 5,
      disputeDetails: 'Nothing has arrived after three weeks.',
      disputedById: first.requester.id,
      availableActions: ['resolve-complete', 'resolve-refund'],
      // An administrator deciding a dispute needs neither the address nor the conversation.
      requesterAddress: null,
      threadId: null,
    });

    expect((await api.get('/api/admin/trade-requests?status=disputed', first.owner)).statusCode).toBe(403);
    expect((await api.get('/api/admin/trade-requests?status=disputed')).statusCode).toBe(401);
    const wrong = await api.get('/api/admin/trade-requests?status=pending', boss);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Only disputed trades can be listed');
  });

  it('complete: pays the owner as a confirmed delivery does, and tells both', async () => {
    const d = await to('disputed');
    const res = await resolve(d.trade.id, await admin(), 'complete');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', role: 'admin', heldPoints: 0, requesterAddress: null });
    expect(res.json().resolvedAt).toBeTruthy();
    expect(await memberRow(d.owner.id)).toMatchObject({ puzzlePoints: 10, completedTrades: 1 });
    expect(await listingRow(d.listing.id)).toMatchObject({ status: 'sold' });
    expect((await notificationsOf(d.owner.id)).at(-1)!.type).toBe('trade_resolved');
    expect((await notificationsOf(d.requester.id)).at(-1)!.type).toBe('trade_resolved');
    await expectPointsInvariant(db());
  });

  it('refund: the points go back to the requester and the puzzle is listed and available again', async () => {
    const d = await to('disputed');
    const res = await resolve(d.trade.id, await admin(), 'refund');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', heldPoints: 0 });
    expect((await memberRow(d.requester.id)).puzzlePoints).toBe(10);
    expect((await memberRow(d.owner.id)).completedTrades).toBe(0);
    expect(await listingRow(d.listing.id)).toMatchObject({ status: 'active', isAvailable: true });
    const refund = await db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.tradeRequestId, d.trade.id), eq(pointsLedger.reason, 'trade_refund')));
    expect(refund).toHaveLength(1);
    await expectPointsInvariant(db());
  });

  it('is for administrators only (403), not for one who is a party (403), and only for disputed trades (409)', async () => {
    const d = await to('disputed');
    expect((await resolve(d.trade.id, d.owner, 'complete')).statusCode).toBe(403);
    expect((await resolve(d.trade.id, undefined, 'complete')).statusCode).toBe(401);
    expect((await resolve(d.trade.id, await admin(), 'maybe')).statusCode).toBe(400);
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, d.owner.id));
    expect((await resolve(d.trade.id, d.owner, 'refund')).statusCode).toBe(403);
    const s = await to('shipped');
    expect((await resolve(s.trade.id, await admin(), 'refund')).statusCode).toBe(409);
    expect((await tradeRowById(d.trade.id)).status).toBe('disputed');
    expect((await tradeRowById(s.trade.id)).status).toBe('shipped');
  });
});

describe('notifications', () => {
  it('lists the member’s own newest first with unread state; read one, read all; others’ are not found', async () => {
    const { requester, owner, trade } = await to('shipped');
    const list = (await api.get('/api/notifications', requester)).json();
    expect(list.map((n: { type: string }) => n.type)).toEqual(['trade_shipped', 'trade_accepted']);
    expect(list[0]).toMatchObject({ tradeRequestId: trade.id, isRead: false, link: `/trades?trade=${trade.id}` });
    expect((await api.get('/api/notifications/unread-count', requester)).json()).toEqual({ count: 2 });

    const read = await api.post(`/api/notifications/${list[1].id}/read`, requester);
    expect(read.statusCode).toBe(200);
    expect(read.json().isRead).toBe(true);
    expect((await api.post(`/api/notifications/${list[0].id}/read`, owner)).statusCode).toBe(404);
    expect((await api.post('/api/notifications/abc/read', owner)).statusCode).toBe(404);
    expect((await api.get('/api/notifications/unread-count', requester)).json()).toEqual({ count: 1 });
    expect((await api.post('/api/notifications/read-all', requester)).json()).toEqual({ updated: 1 });
    expect((await api.get('/api/notifications', requester)).json().every((n: { isRead: boolean }) => n.isRead)).toBe(
      true,
    );
    // The owner's own are untouched.
    expect((await api.get('/api/notifications/unread-count', owner)).json().count).toBe(1);
    expect((await api.get('/api/notifications')).statusCode).toBe(401);
  });

  it.runIf(testDbKind === 'postgres')(
    'the list and the unread count are each one prepared statement beside the session',
    async () => {
      const { requester } = await to('shipped');
      for (const path of ['/api/notifications', '/api/notifications/unread-count']) {
        let answer: Awaited<ReturnType<typeof api.get>> | undefined;
        const sent = await statementsSentDuring(app.t.ctx, async () => void (answer = await api.get(path, requester)));
        expect(answer!.statusCode).toBe(200);
        expect(sent.map((statement) => statement.name)).toEqual([expect.any(String), expect.any(String)]);
      }
      expect((await api.get('/api/notifications/unread-count', requester)).json()).toEqual({ count: 2 });
      expect((await api.get('/api/notifications', requester)).json()).toHaveLength(2);
    },
  );
});

describe('the points history', () => {
  it('answers the member’s own ledger newest first, each movement with its trade', async () => {
    const { requester, owner, trade, listing } = await to('completed');
    const res = await api.get('/api/points/transactions', requester);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { reason: string }) => r.reason)).toEqual(['trade_hold', 'admin_grant', 'welcome_gift']);
    expect(rows[0]).toMatchObject({
      amount: -5,
      balanceAfter: 5,
      tradeRequestId: trade.id,
      puzzleTitle: listing.title,
    });
    expect(Object.keys(rows[0]).sort()).toEqual([
      'amount',
      'balanceAfter',
      'createdAt',
      'id',
      'puzzleTitle',
      'reason',
      'tradeRequestId',
    ]);
    const ownerRows = (await api.get('/api/points/transactions', owner)).json();
    expect(ownerRows[0]).toMatchObject({ reason: 'trade_payment', amount: 5, balanceAfter: 10 });
    expect((await api.get('/api/points/transactions')).statusCode).toBe(401);
  });
});

describe('e-mail', () => {
  it('a mail server refusing the message does not fail or undo the step; the outgoing queue sends it later', async () => {
    const { requester, owner, trade } = await to('pending');
    await drainNotices(app.t.ctx);
    app.mail.failNext(1);
    const res = await step('accept', owner, trade.id);
    expect(res.statusCode).toBe(200);
    await drainNotices(app.t.ctx);
    expect((await tradeRowById(trade.id)).status).toBe('accepted');
    // The notice's e-mail waits in the outgoing mail queue (docs/product/email.md#the-outgoing-mail-queue).
    const [n] = await notificationsOf(requester.id);
    expect(n).toMatchObject({ type: 'trade_accepted' });
    expect(await app.t.mailQueue.sendDue(new Date(Date.now() + 10 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    await app.mail.waitFor(requester.email, { subject: 'accepted' });
  });
});

describe('live updates', () => {
  it('publish the trade’s new status, the notice and the thread to both members, after the step', async () => {
    const { requester, owner, trade } = await to('pending');
    await drainNotices(app.t.ctx);
    const seen: Record<number, unknown[]> = { [requester.id]: [], [owner.id]: [] };
    const stops = [requester.id, owner.id].map((id) => app.t.ctx.events.subscribe(id, (e) => seen[id]!.push(e)));
    try {
      expect((await step('accept', owner, trade.id)).statusCode).toBe(200);
      await drainNotices(app.t.ctx);
    } finally {
      stops.forEach((stop) => stop());
    }
    const [notice] = await notificationsOf(requester.id);
    expect(seen[requester.id]).toEqual(
      expect.arrayContaining([
        { type: 'trade', data: { tradeRequestId: trade.id, status: 'accepted' } },
        { type: 'notification', data: { id: notice!.id } },
        { type: 'message', data: { threadId: trade.threadId } },
        { type: 'unread-count', data: { count: expect.any(Number) } },
      ]),
    );
    expect(seen[owner.id]).toContainEqual({ type: 'trade', data: { tradeRequestId: trade.id, status: 'accepted' } });
    expect(seen[owner.id]).not.toContainEqual(expect.objectContaining({ type: 'notification' }));
  });
});

describe('CSRF', () => {
  it('a step posted from another site is refused and changes nothing', async () => {
    const { owner, trade } = await to('pending');
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/trade-requests/${trade.id}/accept`,
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect((await tradeRowById(trade.id)).status).toBe('pending');
  });
});

describe('the whole club', () => {
  it('still holds the points invariant after all of the above', async () => {
    await expectPointsInvariant(db());
  });
});
