import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE_CONFIRM_MESSAGE,
  LAST_ADMINISTRATOR_CLOSE_MESSAGE,
  MEMBERSHIP_CLOSED_MESSAGE,
} from '../../src/domain/contact';
import { FORMER_MEMBER_NAME, closedMemberEmail, isFormerMemberName } from '../../src/domain/members';
import {
  authTokens,
  memberProfiles,
  pointsLedger,
  puzzleListings,
  sessions,
  tradeRequests,
  tradingNotifications,
  users,
} from '../../src/server/db/schema';
import { runUnreadMessageMail } from '../../src/server/jobs/unread-message-mail';
import { addMessage, createThread } from '../../src/server/messages/threads-repository';
import { drainNotices } from '../../src/server/notices/notices';
import {
  completeTradeFor,
  expectPointsInvariant,
  listingFor,
  signedInMember,
  startTradeTestApp,
  stopTradeTestApp,
  type SignedIn,
  type TradeTestEnv,
} from './trades-fixtures';

// 'Close my membership' (issue 14 point 4, decision 0021): pending requests close both ways,
// trades under way must finish first (409 naming them), listings are withdrawn, personal
// details are erased, the member is signed out for good, their feedback and messages stay
// under 'A former member', and no point leaves the club.

let env: TradeTestEnv;
const db = () => env.t.database.db;
const api = () => env.api;
beforeAll(async () => {
  env = await startTradeTestApp();
});
afterAll(() => stopTradeTestApp(env));

const member = (input: Parameters<typeof signedInMember>[1] = {}) => signedInMember(db(), input);
const row = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const close = (who: SignedIn) => api().post('/api/profile/close', who, { confirm: true });
const makeAdmin = (m: SignedIn) => db().update(users).set({ isAdmin: true }).where(eq(users.id, m.id));

describe('who may close a membership', () => {
  it('a visitor gets 401 for the preview and the closing; a body without confirm is 400 naming it and changes nothing', async () => {
    expect((await api().get('/api/profile/closing')).statusCode).toBe(401);
    expect((await api().post('/api/profile/close', undefined, { confirm: true })).statusCode).toBe(401);
    const m = await member();
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const res = await api().post('/api/profile/close', m, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'confirm', message: CLOSE_CONFIRM_MESSAGE }]);
    }
    expect((await row(m.id)).closedAt).toBeNull();
    expect((await api().get('/api/auth/user', m)).statusCode).toBe(200);
  });

  it('a member closes only their own membership: there is no id to name another', async () => {
    const m = await member();
    const other = await member();
    expect((await close(m)).statusCode).toBe(200);
    expect((await row(other.id)).closedAt).toBeNull();
    expect((await api().get('/api/auth/user', other)).statusCode).toBe(200);
  });
});

describe('trades under way must finish first', () => {
  it('lists them in the preview and refuses with 409 naming each, changing nothing', async () => {
    const leaver = await member({ firstName: 'Harold', lastName: 'Finch' });
    const partner = await member({ firstName: 'Derek', lastName: 'Price' });
    const listing = await listingFor(db(), partner, { title: 'Lighthouse at Dusk', puzzlePoints: 2 });
    const asked = await api().post('/api/trade-requests', leaver, { puzzleListingId: listing.id });
    const tradeId = asked.json().id as number;
    expect((await api().post(`/api/trade-requests/${tradeId}/accept`, partner)).statusCode).toBe(200);

    const preview = await api().get('/api/profile/closing', leaver);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      tradesUnderWay: [{ id: tradeId, title: 'Lighthouse at Dusk', status: 'accepted', partnerName: 'Derek P.' }],
      pendingRequests: 0,
      listings: 0,
      puzzlePoints: 3,
      lastAdministrator: false,
    });

    const res = await close(leaver);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'Your membership cannot close while a trade is under way. Please finish this trade first: "Lighthouse at Dusk" with Derek P. (accepted).',
      errors: [{ path: `trades.${tradeId}`, message: '"Lighthouse at Dusk" with Derek P. is accepted' }],
    });
    const after = await row(leaver.id);
    expect(after).toMatchObject({ email: leaver.email, firstName: 'Harold', closedAt: null });
    expect((await api().get('/api/auth/user', leaver)).statusCode).toBe(200);

    // Once the trade has finished, the membership can close.
    expect((await api().post(`/api/trade-requests/${tradeId}/ship`, partner)).statusCode).toBe(200);
    expect((await close(leaver)).statusCode).toBe(409);
    expect((await api().post(`/api/trade-requests/${tradeId}/confirm-delivery`, leaver)).statusCode).toBe(200);
    expect((await close(leaver)).statusCode).toBe(200);
  });

  it("the club's only administrator cannot close (409) until there is another", async () => {
    // This file's club has no administrator but the ones made here.
    const admin = await member({ firstName: 'Eleanor' });
    await makeAdmin(admin);
    expect((await api().get('/api/profile/closing', admin)).json()).toMatchObject({ lastAdministrator: true });
    const refused = await close(admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAST_ADMINISTRATOR_CLOSE_MESSAGE);

    const second = await member();
    await makeAdmin(second);
    expect((await close(admin)).statusCode).toBe(200);
    expect((await row(admin.id)).isAdmin).toBe(false);
    // The one left is now the last.
    expect((await close(second)).statusCode).toBe(409);
  });
});

describe('closing a membership', () => {
  it('cancels pending requests both ways, withdraws listings, erases the details, signs out for good, keeps every point', async () => {
    const leaver = await member({ firstName: 'Winifred', lastName: 'Ashby', points: 12 });
    const seller = await member({ firstName: 'Derek', lastName: 'Price' });
    const buyer = await member({ firstName: 'Joan', lastName: 'Baxter' });

    // A finished trade with feedback both ways and a message from the leaver in its thread.
    const sold = await listingFor(db(), seller, { title: 'Cottage Garden', puzzlePoints: 3 });
    const doneId = await completeTradeFor(api(), leaver, seller, sold.id);
    expect(
      (
        await api().post(`/api/trade-requests/${doneId}/feedback`, leaver, {
          rating: 5,
          comment: 'Arrived well packed.',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await api().post(`/api/trade-requests/${doneId}/feedback`, seller, { rating: 5, comment: 'Prompt, thank you.' }))
        .statusCode,
    ).toBe(201);
    const threadId = (await db().select().from(tradeRequests).where(eq(tradeRequests.id, doneId)))[0]!.threadId!;
    const said = await api().post(`/api/message-threads/${threadId}/messages`, leaver, {
      content: 'Thank you, Derek!',
    });
    expect(said.statusCode).toBe(201);

    // Pending both ways: the leaver asked for the seller's puzzle; the buyer asked for the leaver's.
    const wanted = await listingFor(db(), seller, { title: 'Harbour Lights', puzzlePoints: 2 });
    const theirAsk = (await api().post('/api/trade-requests', leaver, { puzzleListingId: wanted.id })).json()
      .id as number;
    const active = await listingFor(db(), leaver, { title: 'Snowy Village', puzzlePoints: 4 });
    const draft = await listingFor(db(), leaver, { title: 'Unfinished Draft', status: 'draft' });
    const askOfThem = (await api().post('/api/trade-requests', buyer, { puzzleListingId: active.id })).json()
      .id as number;

    const ids = [leaver.id, seller.id, buyer.id];
    const before = await expectPointsInvariant(db(), ids);
    const ledgerRows = (await db().select().from(pointsLedger).where(eq(pointsLedger.userId, leaver.id))).length;
    const balance = (await row(leaver.id)).puzzlePoints;

    const preview = (await api().get('/api/profile/closing', leaver)).json();
    expect(preview).toEqual({
      tradesUnderWay: [],
      pendingRequests: 2,
      listings: 2,
      puzzlePoints: balance,
      lastAdministrator: false,
    });

    const res = await close(leaver);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MEMBERSHIP_CLOSED_MESSAGE });
    expect(String(res.headers['set-cookie'])).toMatch(/jc_session=;/);

    // Pending requests closed as a cancellation and a decline; nothing was held, nothing moved.
    const trades = await db().select().from(tradeRequests);
    expect(trades.find((t) => t.id === theirAsk)).toMatchObject({ status: 'cancelled', heldPoints: 0 });
    expect(trades.find((t) => t.id === askOfThem)).toMatchObject({ status: 'declined', heldPoints: 0 });
    const told = await db()
      .select()
      .from(tradingNotifications)
      .where(and(eq(tradingNotifications.userId, buyer.id), eq(tradingNotifications.tradeRequestId, askOfThem)));
    expect(told.map((n) => n.title)).toContain('"Snowy Village" is not available at the moment');

    // Listings withdrawn.
    const listings = await db().select().from(puzzleListings).where(eq(puzzleListings.userId, leaver.id));
    expect(Object.fromEntries(listings.map((l) => [l.title, l.status]))).toEqual({
      'Snowy Village': 'archived',
      'Unfinished Draft': 'archived',
    });
    void draft;

    // Details erased; the row stays for the history.
    const erased = await row(leaver.id);
    expect(erased).toMatchObject({
      email: closedMemberEmail(leaver.id),
      passwordHash: null,
      firstName: FORMER_MEMBER_NAME,
      lastName: null,
      phone: null,
      line_1: null,
      line_2: null,
      town_or_city: null,
      county: null,
      postcode: null,
      bio: null,
      profileImageUrl: null,
      publicProfile: false,
      isAdmin: false,
    });
    expect(erased.closedAt).toBeInstanceOf(Date);
    expect(await db().select().from(memberProfiles).where(eq(memberProfiles.userId, leaver.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, leaver.id))).toEqual([]);
    expect(await db().select().from(authTokens).where(eq(authTokens.email, leaver.email))).toEqual([]);

    // Signed out, and can never sign in again: not with the old cookie, the old address, or a link.
    expect((await api().get('/api/auth/user', leaver)).statusCode).toBe(401);
    const login = await api().post('/api/auth/login', undefined, {
      email: leaver.email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(401);

    // The ledger keeps its rows and the club its points.
    expect((await db().select().from(pointsLedger).where(eq(pointsLedger.userId, leaver.id))).length).toBe(ledgerRows);
    expect(erased.puzzlePoints).toBe(balance);
    const after = await expectPointsInvariant(db(), ids);
    expect(after.balances + after.held).toBe(before.balances + before.held);

    // Feedback and messages stay, under 'A former member'.
    const feedback = (await api().get(`/api/members/${seller.id}/feedback`, seller)).json() as Array<{
      fromUserId: number;
      fromName: string;
    }>;
    expect(feedback.find((f) => f.fromUserId === leaver.id)?.fromName).toBe(FORMER_MEMBER_NAME);
    const messages = (await api().get(`/api/message-threads/${threadId}/messages`, seller)).json() as Array<{
      senderId: number | null;
      senderName: string | null;
      content: string;
    }>;
    expect(messages.find((m) => m.content === 'Thank you, Derek!')).toMatchObject({
      senderId: leaver.id,
      senderName: FORMER_MEMBER_NAME,
    });

    // No member page and no directory card any more.
    expect((await api().get(`/api/members/${leaver.id}`, seller)).statusCode).toBe(404);
    const directory = (await api().get('/api/members?q=Winifred', seller)).json() as Array<{ id: number }>;
    expect(directory.map((c) => c.id)).not.toContain(leaver.id);

    // Told once, at the address they had.
    await drainNotices(env.t.ctx);
    const mail = await env.mail.waitFor(leaver.email, { subject: 'Your Jigsaw Club membership is closed' });
    expect(mail.text).toContain('you cannot sign in again');

    // A second closing finds nobody signed in.
    expect((await close(leaver)).statusCode).toBe(401);
  });
});

describe("a former member's forum posts", () => {
  it('keep their author as a former member, a name the pages show without a link (the member page is 404)', async () => {
    const leaver = await member({ firstName: 'Winifred', lastName: 'Ashby' });
    const reader = await member({ firstName: 'Derek', lastName: 'Price' });
    const posted = await api().post('/api/community/posts', leaver, {
      title: 'Sorting by shape',
      content: 'Does anyone else sort by shape before colour?',
      category: 'tips',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const postId = posted.json().id as number;
    const replied = await api().post(`/api/community/posts/${postId}/replies`, leaver, { content: 'I always do.' });
    expect(replied.statusCode, replied.body).toBe(201);
    const answer = await api().post(`/api/community/posts/${postId}/replies`, reader, {
      content: 'Shape first, then colour.',
      parentReplyId: replied.json().id,
    });
    expect(answer.statusCode, answer.body).toBe(201);

    expect((await close(leaver)).statusCode).toBe(200);

    // What the forum answers about the author: the former member's name, everywhere it shows.
    const post = (await api().get(`/api/community/posts/${postId}`, reader)).json();
    const listed = ((await api().get('/api/community/posts', reader)).json() as Array<{ id: number }>).find(
      (p) => p.id === postId,
    );
    const replies = (await api().get(`/api/community/posts/${postId}/replies`, reader)).json() as Array<{
      userId: number | null;
      userName: string;
      parentUserName: string | null;
    }>;
    const activity = (
      (await api().get('/api/community/activities', reader)).json() as Array<{
        userId: number | null;
        userName: string;
      }>
    ).filter((a) => a.userId === leaver.id);
    const names = [
      post.userName,
      (listed as { userName: string } | undefined)?.userName,
      replies[0]!.userName,
      replies[1]!.parentUserName,
      ...activity.map((a) => a.userName),
    ];
    expect(names).toHaveLength(4 + activity.length);
    for (const name of names) {
      expect(name).toBe(FORMER_MEMBER_NAME);
      // MemberNameLink (every name on the pages) draws this as plain text, never a link.
      expect(isFormerMemberName(name!)).toBe(true);
    }
    // The reader's own name stays a name that links.
    expect(isFormerMemberName(replies[1]!.userName)).toBe(false);
    // Which is right: the page a link would open is gone.
    expect((await api().get(`/api/members/${leaver.id}`, reader)).statusCode).toBe(404);
  });
});

describe('a closed membership is told nothing', () => {
  // Issue 23 point 6: replies to a former member's posts still made forum notices and e-mails
  // to the address a closed account keeps (closed-member-N@closed.invalid).
  const noticesOf = (id: number) => db().select().from(tradingNotifications).where(eq(tradingNotifications.userId, id));
  const mailsTo = (address: string) => env.mail.messages.filter((m) => m.to.toLowerCase() === address.toLowerCase());

  it('no notification and no e-mail when someone answers their post or reply after they left', async () => {
    const leaver = await member({ firstName: 'Winifred', lastName: 'Ashby' });
    const reader = await member({ firstName: 'Derek', lastName: 'Price' });
    const posted = await api().post('/api/community/posts', leaver, {
      title: 'Sorting by colour',
      content: 'Does anyone sort by colour before shape?',
      category: 'tips',
    });
    const postId = posted.json().id as number;
    const replied = await api().post(`/api/community/posts/${postId}/replies`, leaver, { content: 'I always do.' });
    expect((await close(leaver)).statusCode).toBe(200);
    await drainNotices(env.t.ctx);
    const before = (await noticesOf(leaver.id)).length;

    const answers = [
      await api().post(`/api/community/posts/${postId}/replies`, reader, { content: 'Colour first, always.' }),
      await api().post(`/api/community/posts/${postId}/replies`, reader, {
        content: 'Shape, then colour.',
        parentReplyId: replied.json().id,
      }),
    ];
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    await drainNotices(env.t.ctx);

    expect(await noticesOf(leaver.id)).toHaveLength(before);
    expect(mailsTo(closedMemberEmail(leaver.id))).toEqual([]);
  });

  it('no reminder of a message left unread when they closed', async () => {
    const base = new Date(Date.now() + 500 * 24 * 60 * 60 * 1000);
    const leaver = await member({ firstName: 'Harold', lastName: 'Finch' });
    const writer = await member({ firstName: 'Jean', lastName: 'Fairbairn' });
    const thread = await createThread(db(), {
      subject: 'About the lighthouse puzzle',
      puzzleListingId: null,
      participantIds: [leaver.id, writer.id],
      createdAt: base,
    });
    await addMessage(db(), { threadId: thread.id, senderId: writer.id, content: 'Is it complete?', createdAt: base });
    expect((await close(leaver)).statusCode).toBe(200);
    expect(await runUnreadMessageMail(env.t.ctx, new Date(base.getTime() + 16 * 60 * 1000))).toBe(0);
    expect(mailsTo(closedMemberEmail(leaver.id))).toEqual([]);
  });
});
