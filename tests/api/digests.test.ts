import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDbKind } from '../support/test-database';
import {
  digestsSent,
  messages,
  savedSearches,
  savedSearchMatches,
  tradingNotifications,
  users,
} from '../../src/server/db/schema';
import { digestPeriod, sendDigests, type DigestDeps } from '../../src/server/digests/digests-service';
import { runDigests } from '../../src/server/jobs/digests';
import { buildSecondInstance, type TestApp } from '../support/build-app';
import { listingFor, signedInMember, useTradeTestApp, type SignedIn } from './trades-fixtures';

// Daily and weekly digests (docs/product/email.md#digests) on a controllable clock, read from
// real mail caught by the SMTP stand-in. The clock is set in 2027, so nothing the other tests
// write at today's time falls into these periods; every member is new to their test.

const env = useTradeTestApp();
const db = () => env.t.database.db;
const api = () => env.api;
const ZONE = 'Europe/London';
const deps = (t: TestApp = env.t): DigestDeps => ({
  db: t.database.db,
  mailQueue: t.mailQueue,
  appUrl: 'http://club.test',
  timeZone: ZONE,
});
const at = (iso: string) => new Date(iso);
const mailsTo = (who: SignedIn) => env.mail.messages.filter((m) => m.to === who.email.toLowerCase());

async function member(firstName: string, prefs: object) {
  const who = await signedInMember(db(), { firstName, lastName: 'Digest' });
  expect((await api().patch('/api/notification-preferences', who, prefs)).statusCode).toBe(200);
  return who;
}

/** A message from `from` to `to`, written at `when`, unread. */
async function messageAt(from: SignedIn, to: SignedIn, when: Date, text = 'Is the lighthouse puzzle still free?') {
  const res = await api().post('/api/message-threads/direct', from, { recipientId: to.id, initialMessage: text });
  expect(res.statusCode, res.body).toBe(201);
  await db().update(messages).set({ createdAt: when }).where(eq(messages.threadId, res.json().id));
  return res.json().id as number;
}

async function forumReplyAt(to: SignedIn, when: Date) {
  await db().insert(tradingNotifications).values({
    userId: to.id,
    tradeRequestId: null,
    type: 'forum_reply',
    title: 'Olive replied to your post "Autumn puzzles"',
    message: 'The mill one was lovely.',
    link: '/community?post=1',
    createdAt: when,
  });
}

async function matchAt(to: SignedIn, owner: SignedIn, alert: 'daily' | 'weekly', when: Date) {
  const listing = await listingFor(db(), owner, {
    title: 'Cottage by the Sea',
    status: 'active',
    puzzleImageUrl: '/uploads/cottage.webp',
  });
  const [search] = await db()
    .insert(savedSearches)
    .values({ memberId: to.id, name: 'Seaside cottages', query: {}, alert, matchKey: '*' })
    .returning();
  await db()
    .insert(savedSearchMatches)
    .values({ savedSearchId: search!.id, listingId: listing.id, memberId: to.id, matchedAt: when });
  return listing;
}

const digestRows = (who: SignedIn) => db().select().from(digestsSent).where(eq(digestsSent.memberId, who.id));

describe('the digest periods on the club clock', () => {
  it('begin at 07:00 club time, Monday for weekly, across the clock changes', () => {
    // 28 March 2027: the clocks go forward at 01:00 UTC, so 07:00 is 06:00 UTC.
    expect(digestPeriod('daily', at('2027-03-28T06:00:00Z'), ZONE)).toEqual(at('2027-03-28T06:00:00Z'));
    expect(digestPeriod('daily', at('2027-03-28T05:59:00Z'), ZONE)).toEqual(at('2027-03-27T07:00:00Z'));
    // 31 October 2027: back to GMT, 07:00 is 07:00 UTC again.
    expect(digestPeriod('daily', at('2027-10-31T06:59:00Z'), ZONE)).toEqual(at('2027-10-30T06:00:00Z'));
    expect(digestPeriod('daily', at('2027-10-31T07:00:00Z'), ZONE)).toEqual(at('2027-10-31T07:00:00Z'));
    expect(digestPeriod('weekly', at('2027-11-01T07:00:00Z'), ZONE)).toEqual(at('2027-11-01T07:00:00Z'));
    expect(digestPeriod('weekly', at('2027-11-01T06:59:00Z'), ZONE)).toEqual(at('2027-10-25T06:00:00Z'));
    expect(digestPeriod('weekly', at('2027-11-07T23:00:00Z'), ZONE)).toEqual(at('2027-11-01T07:00:00Z'));
  });
});

describe('daily digests', () => {
  it('on the day the clocks go forward: one e-mail at 07:00 with messages and forum replies, once, then nothing new, nothing sent', async () => {
    const ann = await member('Ann', { messages: 'daily', forum: 'daily' });
    const bob = await signedInMember(db(), { firstName: 'Bob', lastName: 'Baker' });
    await messageAt(bob, ann, at('2027-03-27T10:00:00Z'));
    await forumReplyAt(ann, at('2027-03-27T18:00:00Z'));
    // Messages wanted once a day: no reminder at once.
    expect(mailsTo(ann)).toHaveLength(0);

    await runDigests(deps(), at('2027-03-28T05:59:00Z'));
    expect(mailsTo(ann)).toHaveLength(0);
    await runDigests(deps(), at('2027-03-28T06:00:00Z'));
    const mail = await env.mail.waitFor(ann.email, { subject: 'Your daily summary' });
    expect(mail.text).toContain('1 new message from Bob B.');
    expect(mail.text).toContain('Olive replied to your post');
    expect(mail.text).toContain('http://club.test/profile#email');
    expect(mail.html).toContain('Messages you have not read');
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/club\.test\/api\/unsubscribe\?token=\d+\.digest_daily\./,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Every process looks every minute: the period is done.
    await runDigests(deps(), at('2027-03-28T06:01:00Z'));
    await runDigests(deps(), at('2027-03-28T09:00:00Z'));
    // The next morning nothing is new: no e-mail, but the period is recorded.
    await runDigests(deps(), at('2027-03-29T06:00:00Z'));
    expect(mailsTo(ann)).toHaveLength(1);
    expect((await digestRows(ann)).map((r) => [r.periodStart.toISOString(), r.emailed])).toEqual([
      ['2027-03-28T06:00:00.000Z', true],
      ['2027-03-29T06:00:00.000Z', false],
    ]);
  });

  it('a member with nothing new gets nothing; a message already read is not news', async () => {
    const cat = await member('Cat', { messages: 'daily' });
    const dan = await signedInMember(db(), { firstName: 'Dan', lastName: 'Baker' });
    const threadId = await messageAt(dan, cat, at('2027-04-02T10:00:00Z'));
    expect((await api().post(`/api/message-threads/${threadId}/mark-read`, cat)).statusCode).toBe(200);
    await db().execute(
      sql`UPDATE message_thread_participants SET last_read_at = '2027-04-02T11:00:00Z' WHERE thread_id = ${threadId} AND user_id = ${cat.id}`,
    );
    await runDigests(deps(), at('2027-04-03T06:00:00Z'));
    expect(mailsTo(cat)).toHaveLength(0);
  });

  it('a process stopped half-way: the members it finished are not sent again, the rest are sent', async () => {
    const eve = await member('Eve', { forum: 'daily' });
    const fay = await member('Fay', { forum: 'daily' });
    await forumReplyAt(eve, at('2027-04-05T12:00:00Z'));
    await forumReplyAt(fay, at('2027-04-05T12:00:00Z'));
    const period = at('2027-04-06T06:00:00Z');
    // Eve's digest was committed by a process that then stopped (its mail is in the queue).
    await db().insert(digestsSent).values({ memberId: eve.id, kind: 'daily', periodStart: period, emailed: true });
    await runDigests(deps(), period);
    await env.mail.waitFor(fay.email, { subject: 'Your daily summary' });
    expect(mailsTo(eve)).toHaveLength(0);
    expect(mailsTo(fay)).toHaveLength(1);
  });

  it('new matches of two saved searches, each under its own name with pictures; the reason, one button, the settings link', async () => {
    const ida = await member('Ida', { wanted: 'daily' });
    const owner = await signedInMember(db(), { firstName: 'Jon', lastName: 'Owner' });
    const [cottages, castles] = await db()
      .insert(savedSearches)
      .values([
        { memberId: ida.id, name: 'Seaside cottages', query: {}, alert: 'daily', matchKey: '*' },
        { memberId: ida.id, name: 'Scottish castles', query: {}, alert: 'daily', matchKey: '*' },
      ])
      .returning();
    const listed = async (title: string, picture: string, searchId: number) => {
      const listing = await listingFor(db(), owner, {
        title,
        status: 'active',
        puzzleImageUrl: `/uploads/${picture}.webp`,
      });
      await db()
        .insert(savedSearchMatches)
        .values({
          savedSearchId: searchId,
          listingId: listing.id,
          memberId: ida.id,
          matchedAt: at('2027-05-10T12:00:00Z'),
        });
    };
    await listed('Harbour Cottage', 'harbour', cottages!.id);
    await listed('Eilean Donan', 'eilean', castles!.id);
    await listed('Fisherman Row', 'fisher', cottages!.id);

    await runDigests(deps(), at('2027-05-11T06:00:00Z'));
    const mail = await env.mail.waitFor(ida.email, { subject: 'Your daily summary' });
    // The text part: each search's name, then its own puzzles.
    const lines = mail.text.split('\n').map((l) => l.trim());
    const group = (name: string) => {
      const from = lines.indexOf(`${name}:`);
      expect(from, name).toBeGreaterThan(-1);
      const rest = lines.slice(from + 1);
      const end = rest.findIndex((l) => !l.startsWith('- '));
      return rest.slice(0, end === -1 ? undefined : end).map((l) => l.replace(/ \(.*$/, '').slice(2));
    };
    expect(group('Seaside cottages').sort()).toEqual(['Fisherman Row', 'Harbour Cottage']);
    expect(group('Scottish castles')).toEqual(['Eilean Donan']);
    // The HTML part: each search's heading is followed by its own pictures.
    const htmlGroup = (name: string) =>
      [
        ...(mail.html.split(`>${name}</h3>`)[1] ?? '')
          .split('</ul>')[0]!
          .matchAll(/<img src="[^"]*\/uploads\/(\w+)\.thumb\.webp"/g),
      ]
        .map((m) => m[1])
        .sort();
    expect(htmlGroup('Seaside cottages')).toEqual(['fisher', 'harbour']);
    expect(htmlGroup('Scottish castles')).toEqual(['eilean']);
    // What every e-mail has: the club's name, one button, why it came and where to change it.
    expect(mail.html).toContain('Jigsaw Club');
    expect(mail.html.match(/display:inline-block;background/g)).toHaveLength(1);
    expect(mail.text).toContain('You receive this e-mail because you chose to hear about some things once a day');
    expect(mail.text).toContain('http://club.test/profile#email');
  });

  it('npm run send-digests sends now, and at once again sends nothing', async () => {
    const gus = await member('Gus', { forum: 'daily' });
    await forumReplyAt(gus, new Date(Date.now() - 60_000));
    const first = new Date();
    expect(await sendDigests(deps(), 'daily', first, first)).toBeGreaterThanOrEqual(1);
    await env.mail.waitFor(gus.email, { subject: 'Your daily summary' });
    const again = new Date(first.getTime() + 1000);
    await sendDigests(deps(), 'daily', again, again);
    expect(mailsTo(gus)).toHaveLength(1);
  });
});

describe('weekly digests', () => {
  it('on Monday 07:00 after the clocks go back: new saved-search matches grouped by search, with pictures', async () => {
    const hal = await member('Hal', { forum: 'weekly' });
    const owner = await signedInMember(db(), { firstName: 'Ivy', lastName: 'Owner' });
    const listing = await matchAt(hal, owner, 'weekly', at('2027-10-27T12:00:00Z'));
    await forumReplyAt(hal, at('2027-10-30T12:00:00Z'));
    await runDigests(deps(), at('2027-11-01T06:59:00Z'));
    expect(mailsTo(hal)).toHaveLength(0);
    await runDigests(deps(), at('2027-11-01T07:00:00Z'));
    const mail = await env.mail.waitFor(hal.email, { subject: 'Your weekly summary' });
    expect(mail.text).toContain('Seaside cottages:');
    expect(mail.text).toContain(`Cottage by the Sea (`);
    expect(mail.text).toContain(`http://club.test/puzzle/${listing.id}`);
    expect(mail.html).toContain('<img src="http://club.test/uploads/cottage.thumb.webp"');
    expect(mail.text).toContain('Olive replied to your post');
    expect(mail.headers['list-unsubscribe']).toContain('.digest_weekly.');
    const rows = await db()
      .select()
      .from(digestsSent)
      .where(and(eq(digestsSent.memberId, hal.id), eq(digestsSent.kind, 'weekly')));
    expect(rows.map((r) => r.periodStart.toISOString())).toEqual(['2027-11-01T07:00:00.000Z']);
  });

  it('leaves out a match whose owner is away now (docs/product/trust.md#away), as browse does', async () => {
    const nan = await member('Nan', { forum: 'weekly' });
    const away = await signedInMember(db(), { firstName: 'Ada', lastName: 'Away' });
    const here = await signedInMember(db(), { firstName: 'Hugh', lastName: 'Here' });
    const gone = await matchAt(nan, away, 'weekly', at('2027-11-17T12:00:00Z'));
    const shown = await matchAt(nan, here, 'weekly', at('2027-11-18T12:00:00Z'));
    await db()
      .update(users)
      .set({ awayFrom: new Date(Date.now() - 60_000), awayUntil: new Date(Date.now() + 10 * 24 * 3600_000) })
      .where(eq(users.id, away.id));
    await runDigests(deps(), at('2027-11-22T07:00:00Z'));
    const mail = await env.mail.waitFor(nan.email, { subject: 'Your weekly summary' });
    const link = (id: number) => new RegExp(`http://club\\.test/puzzle/${id}(?!\\d)`);
    expect(mail.text).toMatch(link(shown.id));
    expect(mail.text).not.toMatch(link(gone.id));
  });

  it.runIf(testDbKind === 'postgres')('two senders at once on PostgreSQL send each member one digest', async () => {
    const members = await Promise.all(['Jo', 'Kit', 'Lou', 'Max'].map((n) => member(n, { forum: 'weekly' })));
    for (const m of members) await forumReplyAt(m, at('2027-11-10T12:00:00Z'));
    const second = await buildSecondInstance(env.t);
    try {
      const now = at('2027-11-15T07:00:00Z');
      await Promise.all([runDigests(deps(), now), runDigests(deps(second), now), runDigests(deps(), now)]);
      for (const m of members) await env.mail.waitFor(m.email, { subject: 'Your weekly summary' });
      await env.t.mailQueue.sendDue(new Date(Date.now() + 10 * 60_000));
      for (const m of members) expect(mailsTo(m)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
