import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_CALLS_PER_IP, ACCOUNT_EMAILS_PER_ADDRESS } from '../../src/domain/constants';
import { createMember } from '../support/factories';
import { tokenFrom } from '../support/mail-catcher';
import { listingFor, signedInMember, uniqueEmail, useTradeTestApp, type SignedIn } from './trades-fixtures';

// Issue 22 point 8, the server side of the smaller things from the walk
// (docs/decisions/0025-small-things-from-the-walk.md): sending the join e-mail again, the
// 'New request' e-mail, and trade system messages that speak to their reader.

const app = useTradeTestApp();
const { api, db } = app;

// Per-IP limits count every call from one address: each test that counts comes from its own.
let ipCounter = 0;
const freshIp = () => `10.22.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const sendJoinEmail = (payload: object, ip = freshIp()) =>
  app.t.app.inject({ method: 'POST', url: '/api/auth/register-email', payload, remoteAddress: ip });

describe("sending the join e-mail again ('Registration Started!')", () => {
  it('sends a second working link to the same address; the first one still works too', async () => {
    const email = uniqueEmail('again');
    const first = await sendJoinEmail({ email, returnTo: '/browse' });
    const firstMail = await app.mail.waitFor(email);
    const again = await sendJoinEmail({ email, returnTo: '/browse' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const secondMail = await app.mail.waitFor(email);
    expect(secondMail.subject).toBe('Complete your registration | Jigsaw Club');
    const [link1, link2] = [app.mail.linkIn(firstMail), app.mail.linkIn(secondMail)];
    expect(link2).toMatch(/^http:\/\/club\.test\/verify-email\?returnTo=%2Fbrowse&token=/);
    expect(tokenFrom(link2)).not.toBe(tokenFrom(link1));
    // The first e-mail, opened late, still completes the registration.
    const done = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: tokenFrom(link1), password: 'a lovely password' },
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('answers a member exactly as a stranger (the member is told by e-mail they already belong)', async () => {
    const member = await createMember(db(), { email: uniqueEmail('belongs') });
    const stranger = uniqueEmail('stranger');
    const forMember = await sendJoinEmail({ email: member.email });
    const forStranger = await sendJoinEmail({ email: stranger });
    expect([forMember.statusCode, forStranger.statusCode]).toEqual([200, 200]);
    expect(forMember.body).toBe(forStranger.body);
    expect((await app.mail.waitFor(member.email)).subject).toBe('You already have an account | Jigsaw Club');
    expect((await app.mail.waitFor(stranger)).subject).toBe('Complete your registration | Jigsaw Club');
  });

  it(`stops at ${ACCOUNT_EMAILS_PER_ADDRESS} per address in 15 minutes, for a member and a stranger alike`, async () => {
    const member = await createMember(db(), { email: uniqueEmail('flood-member') });
    for (const email of [uniqueEmail('flood'), member.email]) {
      for (let i = 0; i < ACCOUNT_EMAILS_PER_ADDRESS; i++)
        expect((await sendJoinEmail({ email })).statusCode).toBe(200);
      const refused = await sendJoinEmail({ email });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        'Too many e-mails have been asked for this address. Please wait 15 minutes and try again.',
      );
    }
  });

  it(`stops at ${ACCOUNT_EMAIL_CALLS_PER_IP} calls per IP address in 15 minutes, with a message`, async () => {
    const ip = freshIp();
    // Bad addresses: counted by the per-IP limit, no mail sent.
    for (let i = 0; i < ACCOUNT_EMAIL_CALLS_PER_IP; i++) {
      expect((await sendJoinEmail({ email: 'not an address' }, ip)).statusCode).toBe(400);
    }
    const refused = await sendJoinEmail({ email: uniqueEmail('one-too-many') }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many attempts from your network. Please wait a few minutes and try again.',
    );
    expect((await sendJoinEmail({ email: uniqueEmail('other-network') })).statusCode).toBe(200);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'dorothy.example.org' }, 'email'],
    [{ email: 42 }, 'email'],
    [{ email: uniqueEmail('elsewhere'), returnTo: 'https://elsewhere.example/' }, 'returnTo'],
  ])('refuses %j with a 400 naming the field, and sends nothing', async (payload, field) => {
    const before = app.mail.messages.length;
    const res = await sendJoinEmail(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(res.json().message).toMatch(/^Validation failed: /);
    expect(app.mail.messages.length).toBe(before);
  });
});

type Cast = { requester: SignedIn; owner: SignedIn; listingId: number; title: string };

async function cast(): Promise<Cast> {
  const requester = await signedInMember(db(), { firstName: 'Dorothy', lastName: 'Baxter', points: 20 });
  const owner = await signedInMember(db(), { firstName: 'Walter', lastName: 'Hughes', points: 5 });
  const title = `Thatched Cottage ${owner.id}`;
  const listing = await listingFor(db(), owner, { title, puzzlePoints: 5 });
  return { requester, owner, listingId: listing.id, title };
}

async function ask(c: Cast, requestComments?: string): Promise<{ id: number; threadId: number }> {
  const res = await api.post('/api/trade-requests', c.requester, { puzzleListingId: c.listingId, requestComments });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function systemWords(who: SignedIn, threadId: number): Promise<string[]> {
  const res = await api.get(`/api/message-threads/${threadId}/messages`, who);
  expect(res.statusCode).toBe(200);
  return (res.json() as { content: string; isSystemMessage: boolean }[])
    .filter((m) => m.isSystemMessage)
    .map((m) => m.content);
}

describe("the owner's 'New request' e-mail", () => {
  it("carries the requester's note and a link to that trade, in text and HTML", async () => {
    const c = await cast();
    const note = 'My late husband & I did this one in 1998 <3. Could I have it for my grandson?';
    const trade = await ask(c, note);
    const mail = await app.mail.waitFor(c.owner.email, { subject: 'New request' });
    expect(mail.subject).toBe(`New request for "${c.title}" | Jigsaw Club`);
    expect(mail.text).toContain(`Dorothy B. wrote: "${note}"`);
    expect(mail.text).toContain(`See this trade:\nhttp://club.test/trades?trade=${trade.id}\n`);
    expect(mail.html).toContain('My late husband &amp; I did this one in 1998 &lt;3.');
    expect(mail.html).toContain(`href="http://club.test/trades?trade=${trade.id}"`);
  });

  it('without a note says nothing of one, and still links to the trade', async () => {
    const c = await cast();
    const trade = await ask(c);
    const mail = await app.mail.waitFor(c.owner.email, { subject: 'New request' });
    expect(mail.text).not.toContain('wrote:');
    expect(mail.text).toContain(`http://club.test/trades?trade=${trade.id}`);
  });

  it('every later step of the trade e-mails a link to that trade too', async () => {
    const c = await cast();
    const trade = await ask(c);
    expect((await api.post(`/api/trade-requests/${trade.id}/accept`, c.owner)).statusCode).toBe(200);
    const mail = await app.mail.waitFor(c.requester.email, { subject: 'was accepted' });
    expect(mail.text).toContain(`See this trade:\nhttp://club.test/trades?trade=${trade.id}\n`);
  });
});

describe('system messages speak to their reader', () => {
  it('the member who took a step reads "You …"; the other reads their name', async () => {
    const c = await cast();
    const trade = await ask(c, 'Please!');
    const step = async (path: string, who: SignedIn, payload?: object) =>
      expect((await api.post(`/api/trade-requests/${trade.id}/${path}`, who, payload)).statusCode).toBe(200);
    await step('accept', c.owner);
    await step('ship', c.owner, { carrierName: 'Royal Mail' });
    await step('confirm-delivery', c.requester);

    const points = '5 PuzzlePoints';
    expect(await systemWords(c.requester, trade.threadId)).toEqual([
      `You asked for "${c.title}" (${points}). Walter H. has 7 days to accept or decline. No points move until the request is accepted.`,
      `Walter H. accepted the request. ${points} from Dorothy B. are held by the club until the puzzle arrives. Walter H. can now see the delivery address.`,
      'Walter H. has sent the puzzle. Carrier: Royal Mail. Dorothy B., please confirm when it arrives.',
      `You confirmed that the puzzle arrived. ${points} went to Walter H. The trade is complete: you can now leave feedback for each other.`,
    ]);
    expect(await systemWords(c.owner, trade.threadId)).toEqual([
      `Dorothy B. asked for "${c.title}" (${points}). Walter H. has 7 days to accept or decline. No points move until the request is accepted.`,
      `You accepted the request. ${points} from Dorothy B. are held by the club until the puzzle arrives. You can now see the delivery address.`,
      'You have sent the puzzle. Carrier: Royal Mail. Dorothy B. will confirm when it arrives.',
      `Dorothy B. confirmed that the puzzle arrived. ${points} went to Walter H. The trade is complete: you can now leave feedback for each other.`,
    ]);
  });

  it("the thread list's last line reads the same way to each member", async () => {
    const c = await cast();
    const trade = await ask(c);
    expect(
      (await api.post(`/api/trade-requests/${trade.id}/decline`, c.owner, { reason: 'Promised away' })).statusCode,
    ).toBe(200);
    const lastLine = async (who: SignedIn) => {
      const threads = (await api.get('/api/message-threads', who)).json() as {
        id: number;
        lastMessage: { content: string } | null;
      }[];
      return threads.find((t) => t.id === trade.threadId)!.lastMessage!.content;
    };
    expect(await lastLine(c.owner)).toBe('You declined the request. No points were taken. Reason given: Promised away');
    expect(await lastLine(c.requester)).toBe(
      'Walter H. declined the request. No points were taken. Reason given: Promised away',
    );
  });

  it('a cancelled accepted trade tells the requester their points came back to them', async () => {
    const c = await cast();
    const trade = await ask(c);
    expect((await api.post(`/api/trade-requests/${trade.id}/accept`, c.owner)).statusCode).toBe(200);
    expect((await api.post(`/api/trade-requests/${trade.id}/cancel`, c.requester)).statusCode).toBe(200);
    expect((await systemWords(c.requester, trade.threadId)).at(-1)).toBe(
      'You cancelled the request. The 5 PuzzlePoints held for the trade went back to you.',
    );
    expect((await systemWords(c.owner, trade.threadId)).at(-1)).toBe(
      'Dorothy B. cancelled the request. The 5 PuzzlePoints held for the trade went back to Dorothy B.',
    );
  });

  it('a stranger cannot read the thread (404), and a visitor is asked to sign in (401)', async () => {
    const c = await cast();
    const trade = await ask(c);
    const stranger = await signedInMember(db(), { firstName: 'Colin' });
    expect((await api.get(`/api/message-threads/${trade.threadId}/messages`, stranger)).statusCode).toBe(404);
    expect((await api.get(`/api/message-threads/${trade.threadId}/messages`)).statusCode).toBe(401);
  });
});
