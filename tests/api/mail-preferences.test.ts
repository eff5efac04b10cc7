import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_BAD_TOKEN } from '../../src/domain/email-preferences';
import { messages, savedSearches, users } from '../../src/server/db/schema';
import { runUnreadMessageMail } from '../../src/server/jobs/unread-message-mail';
import { unsubscribeSecret, unsubscribeToken } from '../../src/server/mail/unsubscribe-token';
import { drainNotices } from '../../src/server/notices/notices';
import type { CaughtMail } from '../support/mail-catcher';
import { listingFor, signedInMember, useTradeTestApp, type SignedIn } from './trades-fixtures';

// docs/product/email.md: the e-mail preferences, their refusals, and the one-click unsubscribe
// (RFC 8058) read from real mail caught by the SMTP stand-in.

const env = useTradeTestApp();
const db = () => env.t.database.db;
const api = () => env.api;
const person = (firstName: string) => signedInMember(db(), { firstName, lastName: 'Mills' });
const prefs = async (who: SignedIn) => (await api().get('/api/notification-preferences', who)).json();

async function forumReplyMail(author: SignedIn): Promise<CaughtMail> {
  const other = await person('Replier');
  const post = await api().post('/api/community/posts', author, {
    title: 'Autumn puzzles',
    content: 'Which autumn scenes have you enjoyed this year?',
    category: 'general',
  });
  expect(post.statusCode).toBe(201);
  const reply = await api().post(`/api/community/posts/${post.json().id}/replies`, other, { content: 'The mill one.' });
  expect(reply.statusCode).toBe(201);
  return env.mail.waitFor(author.email, { subject: 'replied' });
}

/** The unsubscribe address in a mail's List-Unsubscribe header, as a path for inject. */
function unsubscribePath(mail: CaughtMail): string {
  const url = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  expect(url).toMatch(/^http:\/\/club\.test\/api\/unsubscribe\?token=/);
  return url!.replace('http://club.test', '');
}

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  env.t.app.inject({
    method: 'POST',
    url: path,
    payload: 'List-Unsubscribe=One-Click',
    // A mail provider posts from its own servers: another origin, no session, no CSRF token.
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com', ...headers },
  });

describe('e-mail preferences', () => {
  it('need a member, start at once for everything, and trade e-mails are always at once', async () => {
    expect((await api().get('/api/notification-preferences')).statusCode).toBe(401);
    expect((await api().patch('/api/notification-preferences', undefined, { forum: 'off' })).statusCode).toBe(401);
    const me = await person('Ada');
    expect(await prefs(me)).toEqual({ messages: 'instant', forum: 'instant', wanted: 'instant', trades: 'instant' });
  });

  it('save what is sent and keep the rest', async () => {
    const me = await person('Beth');
    const res = await api().patch('/api/notification-preferences', me, { messages: 'daily', wanted: 'weekly' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ messages: 'daily', forum: 'instant', wanted: 'weekly', trades: 'instant' });
    expect(await prefs(me)).toEqual(res.json());
  });

  it('refuse bad choices with a clear message and change nothing', async () => {
    const me = await person('Cora');
    const refused = [
      [{ messages: 'weekly' }, 'Messages must be one of: instant, daily, off'],
      [{ forum: 'sometimes' }, 'Forum replies must be one of: instant, daily, weekly, off'],
      [{ wanted: 7 }, 'Saved searches must be one of: instant, daily, weekly, off'],
      [{ trades: 'off' }, 'Trade e-mails always come at once and cannot be changed'],
      [{}, 'Choose at least one e-mail setting to change'],
    ] as const;
    for (const [body, message] of refused) {
      const res = await api().patch('/api/notification-preferences', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await prefs(me)).toEqual({ messages: 'instant', forum: 'instant', wanted: 'instant', trades: 'instant' });
  });

  it("a new saved search's alert is the member's saved-searches choice unless it names one", async () => {
    const me = await person('Mona');
    await api().patch('/api/notification-preferences', me, { wanted: 'weekly' });
    const plain = await api().post('/api/saved-searches', me, { query: { q: 'lighthouse' } });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().alert).toBe('weekly');
    const named = await api().post('/api/saved-searches', me, { query: { q: 'castle' }, alert: 'instant' });
    expect(named.json().alert).toBe('instant');
  });

  it('forum replies once a day are not e-mailed at once (they wait for the digest)', async () => {
    const me = await person('Dora');
    await api().patch('/api/notification-preferences', me, { forum: 'daily' });
    const other = await person('Eve');
    const post = await api().post('/api/community/posts', me, {
      title: 'Winter puzzles',
      content: 'Which winter scenes have you enjoyed?',
      category: 'general',
    });
    await api().post(`/api/community/posts/${post.json().id}/replies`, other, { content: 'The snowy one.' });
    await drainNotices(env.t.ctx);
    expect(env.mail.messages.filter((m) => m.to === me.email.toLowerCase())).toEqual([]);
    expect((await api().get('/api/notifications', me)).json()[0].type).toBe('forum_reply');
  });
});

describe('the e-mails themselves', () => {
  it('the unread-message reminder goes only to members who want messages at once, with its unsubscribe', async () => {
    const [now, off, daily] = await Promise.all([person('Nell'), person('Opal'), person('Pia')]);
    await api().patch('/api/notification-preferences', off, { messages: 'off' });
    await api().patch('/api/notification-preferences', daily, { messages: 'daily' });
    const sender = await person('Quin');
    const sentAt = new Date(Date.now() - 20 * 60 * 1000);
    for (const to of [now, off, daily]) {
      const res = await api().post('/api/message-threads/direct', sender, {
        recipientId: to.id,
        initialMessage: 'Hello!',
      });
      expect(res.statusCode, res.body).toBe(201);
      await db().update(messages).set({ createdAt: sentAt }).where(eq(messages.threadId, res.json().id));
    }
    await runUnreadMessageMail(env.t.ctx, new Date());
    const reminder = await env.mail.waitFor(now.email, { subject: 'sent you a message' });
    expect(reminder.headers['list-unsubscribe']).toContain('.messages.');
    expect(reminder.text).toContain('http://club.test/profile#email');
    for (const quiet of [off, daily])
      expect(env.mail.messages.filter((m) => m.to === quiet.email.toLowerCase())).toEqual([]);
  });

  it('a forum e-mail carries the RFC 8058 headers, both parts, the reason and the settings link', async () => {
    const me = await person('Fay');
    const mail = await forumReplyMail(me);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    unsubscribePath(mail);
    expect(mail.text).toContain('Jigsaw Club');
    expect(mail.text).toContain('http://club.test/profile#email');
    expect(mail.text).toContain('replies to your forum posts at once');
    expect(mail.html).toMatch(/font-size:(1[89]|2\d)px/);
    expect(mail.html).not.toMatch(/font-size:1[0-7]px/);
  });

  it('account e-mails and trade steps carry no unsubscribe', async () => {
    const me = await person('Gwen');
    expect((await api().post('/api/auth/login-link', undefined, { email: me.email })).statusCode).toBe(200);
    const account = await env.mail.waitFor(me.email, { subject: 'sign-in link' });
    expect(account.headers['list-unsubscribe']).toBeUndefined();
    expect(account.headers['list-unsubscribe-post']).toBeUndefined();

    const owner = await person('Hana');
    const listing = await listingFor(db(), owner);
    const request = await api().post('/api/trade-requests', me, { puzzleListingId: listing.id });
    expect(request.statusCode, request.body).toBe(201);
    const trade = await env.mail.waitFor(owner.email);
    expect(trade.headers['list-unsubscribe']).toBeUndefined();
    expect(trade.text).toContain('every step of a trade is e-mailed at once');
  });
});

describe('one-click unsubscribe', () => {
  it('GET says what it will turn off and changes nothing; POST turns it off without signing in', async () => {
    const me = await person('Iris');
    const path = unsubscribePath(await forumReplyMail(me));

    const info = await env.t.app.inject({ method: 'GET', url: path });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ kind: 'forum', what: 'e-mails about replies to your forum posts', email: me.email });
    const page = await env.t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop these e-mails');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    // Opening the link signs nobody in either.
    expect(info.headers['set-cookie']).toBeUndefined();
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await prefs(me)).forum).toBe('instant');

    const done = await oneClick(path);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['set-cookie']).toBeUndefined();
    expect((await prefs(me)).forum).toBe('off');
    // Pressed twice (a provider retrying): still fine, still off.
    expect((await oneClick(path)).statusCode).toBe(200);
  });

  it('refuses forged, altered and missing tokens, and a wrong body, changing nothing', async () => {
    const me = await person('Jane');
    const secret = await unsubscribeSecret(db(), env.t.ctx.config.unsubscribeSecret);
    const real = unsubscribeToken(secret, me.id, 'messages');
    const other = await person('Kate');
    const forged = [
      unsubscribeToken('not the server secret at all, not at all', me.id, 'messages'),
      real.replace(`${me.id}.`, `${other.id}.`),
      real.replace('.messages.', '.forum.'),
      `${me.id}.messages.${'A'.repeat(43)}`,
      'nonsense',
    ];
    for (const token of forged) {
      const res = await oneClick(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(UNSUBSCRIBE_BAD_TOKEN);
      const page = await env.t.app.inject({
        method: 'GET',
        url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('This link is not valid');
    }
    expect((await oneClick('/api/unsubscribe')).statusCode).toBe(400);
    const wrongBody = await env.t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${real}`,
      payload: 'List-Unsubscribe=Please',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongBody.statusCode).toBe(400);
    expect(await prefs(me)).toMatchObject({ messages: 'instant' });
    expect(await prefs(other)).toMatchObject({ messages: 'instant' });
  });

  it("a digest's link turns off every preference and saved-search alert of that period, and only those", async () => {
    const me = await person('Lena');
    await api().patch('/api/notification-preferences', me, { messages: 'daily', forum: 'weekly', wanted: 'daily' });
    const [daily, weekly] = await db()
      .insert(savedSearches)
      .values([
        { memberId: me.id, name: 'Cottages', query: {}, alert: 'daily', matchKey: '*' },
        { memberId: me.id, name: 'Castles', query: {}, alert: 'weekly', matchKey: '*' },
      ])
      .returning();
    const secret = await unsubscribeSecret(db(), env.t.ctx.config.unsubscribeSecret);
    const res = await oneClick(`/api/unsubscribe?token=${unsubscribeToken(secret, me.id, 'digest_daily')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().what).toBe('the daily summary e-mail');
    expect(await prefs(me)).toEqual({ messages: 'off', forum: 'weekly', wanted: 'off', trades: 'instant' });
    const alerts = await db().select().from(savedSearches).where(eq(savedSearches.memberId, me.id));
    expect(alerts.find((s) => s.id === daily!.id)!.alert).toBe('off');
    expect(alerts.find((s) => s.id === weekly!.id)!.alert).toBe('weekly');
    // The member row was not signed in or otherwise touched.
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
  });
});
