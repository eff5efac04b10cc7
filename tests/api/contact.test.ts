import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE_REQUIRED_MESSAGE,
  CONTACT_NAME_REQUIRED_MESSAGE,
  CONTACT_PER_EMAIL_PER_HOUR,
  CONTACT_PER_IP_PER_HOUR,
  CONTACT_RATE_LIMITED_MESSAGE,
  CONTACT_SENT_MESSAGE,
  CONTACT_SUBJECT_REQUIRED_MESSAGE,
} from '../../src/domain/contact';
import { messageThreadParticipants, tradingNotifications } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { signedInAdmin } from './admin-fixtures';
import {
  signedInMember,
  startTradeTestApp,
  stopTradeTestApp,
  uniqueEmail,
  type SignedIn,
  type TradeTestEnv,
} from './trades-fixtures';

// 'Contact the club' (issue 14 point 4, decision 0021): a visitor's message reaches every
// administrator as a notification and an e-mail, limited per network and per e-mail address;
// a member's message opens a thread with the administrators in Messages.

let env: TradeTestEnv;
let admins: SignedIn[];
const db = () => env.t.database.db;
const api = () => env.api;
beforeAll(async () => {
  env = await startTradeTestApp();
  admins = [await signedInAdmin(db(), { firstName: 'Eleanor' }), await signedInAdmin(db(), { firstName: 'Bernard' })];
});
afterAll(() => stopTradeTestApp(env));

/** POST /api/contact from a given network address. */
const fromNetwork = (ip: string, payload: object) =>
  env.t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
const contactNotices = (adminId: number) =>
  db()
    .select()
    .from(tradingNotifications)
    .where(and(eq(tradingNotifications.userId, adminId), eq(tradingNotifications.type, 'club_contact')));

describe("a visitor's message", () => {
  it('reaches every administrator as a notification and by e-mail, with the address to answer', async () => {
    const email = uniqueEmail('visitor');
    const res = await fromNetwork('10.1.0.1', {
      name: '  Dorothy Lane ',
      email: email.toUpperCase(),
      message: 'Can my sister join too?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: CONTACT_SENT_MESSAGE });
    for (const admin of admins) {
      const [notice] = await contactNotices(admin.id);
      expect(notice).toMatchObject({
        title: 'A message from Dorothy Lane through the contact form',
        message: `Dorothy Lane (${email}) wrote: "Can my sister join too?" Please reply to ${email}.`,
        link: '/notifications',
      });
    }
    await drainNotices(env.t.ctx);
    for (const admin of admins) {
      const mail = await env.mail.waitFor(admin.email);
      expect(mail.subject).toMatch(/^A message from Dorothy Lane through the contact form/);
      expect(mail.text).toContain('Can my sister join too?');
    }
  });

  it('bad input is a 400 naming each field, and tells nobody', async () => {
    const before = (await contactNotices(admins[0]!.id)).length;
    const res = await fromNetwork('10.1.0.2', { name: ' ', email: 'not-an-address', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'name', message: CONTACT_NAME_REQUIRED_MESSAGE },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'message', message: CONTACT_MESSAGE_REQUIRED_MESSAGE },
    ]);
    const tooLong = await fromNetwork('10.1.0.2', { name: 'A', email: uniqueEmail(), message: 'x'.repeat(2001) });
    expect(tooLong.json().errors).toEqual([{ path: 'message', message: 'Message must be at most 2000 characters' }]);
    const control = await fromNetwork('10.1.0.2', { name: 'A\u0007', email: uniqueEmail(), message: 'Hi' });
    expect(control.json().errors).toEqual([{ path: 'name', message: 'Name cannot contain control characters' }]);
    expect((await contactNotices(admins[0]!.id)).length).toBe(before);
  });

  it(`is limited to ${CONTACT_PER_EMAIL_PER_HOUR} an hour per e-mail address, from any network`, async () => {
    const email = uniqueEmail('eager');
    for (let i = 0; i < CONTACT_PER_EMAIL_PER_HOUR; i++) {
      expect((await fromNetwork(`10.2.0.${i + 1}`, { name: 'Eager', email, message: `Hello ${i}` })).statusCode).toBe(
        200,
      );
    }
    const refused = await fromNetwork('10.2.0.99', { name: 'Eager', email, message: 'Once more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: CONTACT_RATE_LIMITED_MESSAGE });
  });

  it(`is limited to ${CONTACT_PER_IP_PER_HOUR} an hour per network address`, async () => {
    for (let i = 0; i < CONTACT_PER_IP_PER_HOUR; i++) {
      const res = await fromNetwork('10.3.0.1', { name: 'Club night', email: uniqueEmail(), message: 'Hi' });
      expect(res.statusCode).toBe(200);
    }
    const refused = await fromNetwork('10.3.0.1', { name: 'Club night', email: uniqueEmail(), message: 'Hi' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CONTACT_RATE_LIMITED_MESSAGE);
    // Another network is not held up.
    expect((await fromNetwork('10.3.0.2', { name: 'Next door', email: uniqueEmail(), message: 'Hi' })).statusCode).toBe(
      200,
    );
  });
});

describe("a member's message to the club team", () => {
  it('a visitor gets 401; bad input is 400 naming the field', async () => {
    expect((await api().post('/api/contact/club-team', undefined, { subject: 'Hi', message: 'Hi' })).statusCode).toBe(
      401,
    );
    const m = await signedInMember(db());
    const res = await api().post('/api/contact/club-team', m, { subject: '', message: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'subject', message: CONTACT_SUBJECT_REQUIRED_MESSAGE },
      { path: 'message', message: CONTACT_MESSAGE_REQUIRED_MESSAGE },
    ]);
  });

  it('opens a thread with every administrator, which they can read and answer; other members cannot see it', async () => {
    const m = await signedInMember(db(), { firstName: 'Arthur', lastName: 'Penrose' });
    const res = await api().post('/api/contact/club-team', m, {
      subject: 'A missing piece',
      message: 'My last puzzle arrived with a piece missing. What should I do?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { threadId } = res.json() as { threadId: number };

    const participants = await db()
      .select({ userId: messageThreadParticipants.userId })
      .from(messageThreadParticipants)
      .where(eq(messageThreadParticipants.threadId, threadId));
    expect(participants.map((p) => p.userId).sort((a, b) => a - b)).toEqual(
      [m.id, ...admins.map((a) => a.id)].sort((a, b) => a - b),
    );

    const threads = (await api().get('/api/message-threads', m)).json() as Array<{ id: number; subject: string }>;
    expect(threads.find((t) => t.id === threadId)?.subject).toBe('To the club team: A missing piece');

    for (const admin of admins) {
      const read = await api().get(`/api/message-threads/${threadId}/messages`, admin);
      expect(read.statusCode).toBe(200);
      expect(read.json()[0]).toMatchObject({ senderId: m.id, senderName: 'Arthur P.' });
    }
    const answer = await api().post(`/api/message-threads/${threadId}/messages`, admins[1]!, {
      content: 'Please report it on the trade page and we will sort it out.',
    });
    expect(answer.statusCode).toBe(201);
    const seen = (await api().get(`/api/message-threads/${threadId}/messages`, m)).json() as Array<{ content: string }>;
    expect(seen.map((x) => x.content)).toContain('Please report it on the trade page and we will sort it out.');

    const stranger = await signedInMember(db());
    expect((await api().get(`/api/message-threads/${threadId}/messages`, stranger)).statusCode).toBe(404);
  });

  it('an administrator writing to the club team reaches the other administrators, not themselves alone', async () => {
    const res = await api().post('/api/contact/club-team', admins[0]!, { subject: 'Rota', message: 'Who is on?' });
    expect(res.statusCode).toBe(201);
    const participants = await db()
      .select({ userId: messageThreadParticipants.userId })
      .from(messageThreadParticipants)
      .where(eq(messageThreadParticipants.threadId, res.json().threadId));
    expect(participants.map((p) => p.userId).sort((a, b) => a - b)).toEqual(admins.map((a) => a.id));
  });
});
