import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, feedbackReports, users } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { lastLogged, startAdminTestApp, type AdminTestEnv } from './admin-fixtures';
import { listingFor, signedInMember, stopTradeTestApp, type SignedIn } from './trades-fixtures';

// The reports tab (docs/product/administration.md#reports): every kind of report in one list (what, by whom, why, the
// words reported, status), and an administrator's decision: dismiss, hide or restore, with
// notes. A decision settles every pending report of the same item, and is logged.

let env: AdminTestEnv;
const db = () => env.t.database.db;
const api = () => env.api;
beforeAll(async () => {
  env = await startAdminTestApp();
});
afterAll(() => stopTradeTestApp(env));

type Story = { rater: SignedIn; rated: SignedIn; reader: SignedIn; feedbackId: number };

/** A completed trade whose requester rated the owner harshly, the owner replied, both visible. */
async function harshFeedback(): Promise<Story> {
  const rater = await signedInMember(db(), { firstName: 'Hilary', lastName: 'Chambers', points: 10 });
  const rated = await signedInMember(db(), { firstName: 'Trevor', lastName: 'Baxter' });
  const reader = await signedInMember(db(), { firstName: 'Brenda', lastName: 'McAllister' });
  const listing = await listingFor(db(), rated, { title: 'Canterbury Cathedral' });
  const id = (await api().post('/api/trade-requests', rater, { puzzleListingId: listing.id })).json().id;
  for (const [step, who] of [
    ['accept', rated],
    ['ship', rated],
    ['confirm-delivery', rater],
  ] as const) {
    expect((await api().post(`/api/trade-requests/${id}/${step}`, who)).statusCode).toBe(200);
  }
  const feedbackId = (
    await api().post(`/api/trade-requests/${id}/feedback`, rater, { rating: 1, comment: 'A cheat and a liar.' })
  ).json().id;
  await api().post(`/api/trade-requests/${id}/feedback`, rated, { rating: 5, comment: 'Prompt payment.' });
  await api().post(`/api/feedback/${feedbackId}/response`, rated, { response: 'Every piece was there.' });
  return { rater, rated, reader, feedbackId };
}

const report = (who: SignedIn, path: string, reason = 'harassment', details = 'Name-calling.') =>
  api().post(path, who, { reason, details });
const pending = async () => (await api().get('/api/admin/reports?status=pending&pageSize=100', env.admin)).json();
const resolve = (id: number, body: object) => api().post(`/api/admin/reports/${id}/resolve`, env.admin, body);
const visibleFeedbackOf = async (s: Story) =>
  (await api().get(`/api/members/${s.rated.id}/feedback`, s.reader)).json().map((f: { id: number }) => f.id);

describe('the reports tab', () => {
  it('lists feedback and response reports together: what, by whom, why, the words and their author', async () => {
    const s = await harshFeedback();
    const r1 = (await report(s.rated, `/api/feedback/${s.feedbackId}/report`)).json().id;
    const r2 = (await report(s.rater, `/api/feedback/${s.feedbackId}/response/report`, 'spam', 'Advert.')).json().id;
    const res = await api().get('/api/admin/reports?status=pending', env.admin);
    expect(res.statusCode).toBe(200);
    const mine = res.json().filter((r: { id: number }) => [r1, r2].includes(r.id));
    expect(mine).toEqual([
      expect.objectContaining({
        id: r1,
        kind: 'feedback',
        itemId: s.feedbackId,
        reportedBy: { id: s.rated.id, name: 'Trevor B.' },
        reason: 'harassment',
        details: 'Name-calling.',
        item: {
          text: 'A cheat and a liar.',
          author: { id: s.rater.id, name: 'Hilary C.' },
          hidden: false,
          url: `/members/${s.rated.id}`,
        },
        status: 'pending',
        resolvedAt: null,
      }),
      expect.objectContaining({
        id: r2,
        kind: 'response',
        reportedBy: { id: s.rater.id, name: 'Hilary C.' },
        reason: 'spam',
        item: {
          text: 'Every piece was there.',
          author: { id: s.rated.id, name: 'Trevor B.' },
          hidden: false,
          url: `/members/${s.rated.id}`,
        },
      }),
    ]);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
  });

  it('hide: the feedback leaves members’ pages and the rating, every pending report of it is settled, and it is logged', async () => {
    const s = await harshFeedback();
    const first = (await report(s.rated, `/api/feedback/${s.feedbackId}/report`)).json().id;
    const second = (await report(s.reader, `/api/feedback/${s.feedbackId}/report`, 'inappropriate', 'Nasty.')).json()
      .id;
    const rating = async () => (await db().select().from(users).where(eq(users.id, s.rated.id)))[0]!.tradingReputation;
    expect(await rating()).toBe(1);
    expect(await visibleFeedbackOf(s)).toContain(s.feedbackId);

    const res = await resolve(first, { action: 'hide', notes: 'Breaks the club’s courtesy rule.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'actioned',
      adminNotes: 'Breaks the club’s courtesy rule.',
      resolvedBy: { id: env.admin.id, name: 'Eleanor W.' },
      item: { hidden: true },
    });
    expect(await visibleFeedbackOf(s)).not.toContain(s.feedbackId);
    // 'New Member' again: the only feedback they had is hidden.
    expect(await rating()).toBe(0);
    const [other] = await db().select().from(feedbackReports).where(eq(feedbackReports.id, second));
    expect(other).toMatchObject({ status: 'actioned', adminUserId: env.admin.id });
    expect(await lastLogged(db(), 'resolve_report')).toMatchObject({
      adminId: env.admin.id,
      target: `report:${first}`,
      details: {
        kind: 'feedback',
        itemId: s.feedbackId,
        decision: 'hide',
        status: { from: 'pending', to: 'actioned' },
        item: { from: 'shown', to: 'hidden' },
        reports: [first, second],
        notes: 'Breaks the club’s courtesy rule.',
      },
    });
    // Its author is told kindly, with the note, in the app and by e-mail (decision 0027).
    await drainNotices(env.t.ctx);
    const told = (await api().get('/api/notifications', s.rater)).json()[0];
    expect(told).toMatchObject({
      type: 'moderation_hidden',
      title: 'The club team has hidden your feedback on a trade',
      link: `/members/${s.rated.id}`,
    });
    expect(told.message).toContain('Breaks the club’s courtesy rule.');
    await env.mail.waitFor(s.rater.email, { subject: 'hidden your feedback' });
    // A decision can be changed: club-team.test.ts.
  });

  it('restore shows a hidden item again; dismiss leaves a shown one as it is; both mark the report dismissed', async () => {
    const s = await harshFeedback();
    const hideIt = (await report(s.rated, `/api/feedback/${s.feedbackId}/report`)).json().id;
    await resolve(hideIt, { action: 'hide' });
    // A later look (an appeal, say) reaches the admin as a report of the hidden item.
    const [appeal] = await db()
      .insert(feedbackReports)
      .values({
        reportedByUserId: s.rater.id,
        feedbackId: s.feedbackId,
        reportReason: 'other',
        reportDetails: 'Please look again.',
      })
      .returning();
    const restored = await resolve(appeal!.id, { action: 'restore', notes: 'Fair comment after all.' });
    expect(restored.json()).toMatchObject({ status: 'dismissed', item: { hidden: false } });
    expect(await visibleFeedbackOf(s)).toContain(s.feedbackId);
    expect((await lastLogged(db(), 'resolve_report'))!.details).toMatchObject({
      decision: 'restore',
      item: { from: 'hidden', to: 'shown' },
    });

    const responseReport = (await report(s.rater, `/api/feedback/${s.feedbackId}/response/report`)).json().id;
    const dismissed = await resolve(responseReport, { action: 'dismiss' });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', item: { hidden: false } });
    expect((await lastLogged(db(), 'resolve_report'))!.details).not.toHaveProperty('item');
  });

  it('filters by status, pages, and refuses unknown reports and decisions', async () => {
    const actioned = (await api().get('/api/admin/reports?status=actioned', env.admin)).json();
    expect(actioned.length).toBeGreaterThan(0);
    expect(actioned.every((r: { status: string }) => r.status === 'actioned')).toBe(true);
    const all = await api().get('/api/admin/reports?pageSize=1', env.admin);
    expect(all.json()).toHaveLength(1);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(1);
    expect((await resolve(999999, { action: 'dismiss' })).statusCode).toBe(404);
    const [someReport] = await pending();
    const bad = await resolve(someReport?.id ?? 1, { action: 'delete' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ path: 'action', message: 'Action must be one of: dismiss, hide, restore' });
  });
});

describe('forum flags', () => {
  it('are listed beside the rest with the words and their author; hide and restore act on the post', async () => {
    const author = await signedInMember(db(), { firstName: 'Colin', lastName: 'Whitaker' });
    const flagger = await signedInMember(db());
    const [post] = await db()
      .insert(communityPosts)
      .values({ userId: author.id, title: 'Cheap puzzles here', content: 'Visit my shop for puzzles.' })
      .returning();
    const [flag] = await db()
      .insert(feedbackReports)
      .values({ reportedByUserId: flagger.id, postId: post!.id, reportReason: 'spam', reportDetails: 'An advert.' })
      .returning();
    const listed = (await pending()).find((r: { id: number }) => r.id === flag!.id);
    expect(listed).toMatchObject({
      kind: 'post',
      itemId: post!.id,
      reason: 'spam',
      item: {
        text: 'Cheap puzzles here\n\nVisit my shop for puzzles.',
        author: { id: author.id, name: 'Colin W.' },
        hidden: false,
        url: `/community?post=${post!.id}`,
      },
    });
    const hide = await resolve(flag!.id, { action: 'hide' });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ status: 'actioned', item: { hidden: true } });
    expect((await api().get(`/api/community/posts/${post!.id}`, flagger)).statusCode).toBe(404);
    const [again] = await db()
      .insert(feedbackReports)
      .values({
        reportedByUserId: author.id,
        postId: post!.id,
        reportReason: 'other',
        reportDetails: 'Please look again.',
      })
      .returning();
    expect((await resolve(again!.id, { action: 'restore' })).json()).toMatchObject({ item: { hidden: false } });
    expect((await api().get(`/api/community/posts/${post!.id}`, flagger)).statusCode).toBe(200);
  });
});
