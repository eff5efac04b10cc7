import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTION_LABELS } from '../../src/domain/admin';
import { SETTING_VALUE_DEPTH_MESSAGE, SETTING_VALUE_MAX_DEPTH } from '../../src/domain/settings';
import { REMOVED_POST_BY_TEAM_TEXT, REMOVED_REPLY_BY_TEAM_TEXT } from '../../src/domain/community';
import { REPORTS_PER_DAY, REPORTS_PER_DAY_MESSAGE } from '../../src/domain/constants';
import { communityPosts, feedbackReports } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { lastLogged, signedInAdmin, startAdminTestApp, type AdminTestEnv } from './admin-fixtures';
import { signedInMember, stopTradeTestApp, type SignedIn } from './trades-fixtures';

// The club team closes the loop (decision 0027): decisions that can be changed and are told to
// the author, reports that link to the item, settings changed in place, and flags that
// strangers cannot abuse.

let env: AdminTestEnv;
const db = () => env.t.database.db;
const api = () => env.api;
beforeAll(async () => {
  env = await startAdminTestApp();
});
afterAll(() => stopTradeTestApp(env));

const DAY = 86_400_000;
/** A member who joined today: their flags wait for the club team. */
const newcomer = (firstName = 'Nina') => signedInMember(db(), { firstName, lastName: 'Newman' });
/** A member of some standing: joined two months ago. */
const settled = (firstName = 'Sylvia') =>
  signedInMember(db(), { firstName, lastName: 'Sterling', joinedAt: new Date(Date.now() - 60 * DAY) });
/** Joined today but has completed a trade: also of standing. */
const trader = (firstName = 'Trevor') => signedInMember(db(), { firstName, lastName: 'Trent', completedTrades: 1 });

async function postBy(who: SignedIn, title = 'Autumn puzzles'): Promise<{ id: number }> {
  const res = await api().post('/api/community/posts', who, {
    title,
    content: 'Which have you enjoyed?',
    category: 'general',
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
async function replyTo(postId: number, who: SignedIn, content = 'A kind word.'): Promise<{ id: number }> {
  const res = await api().post(`/api/community/posts/${postId}/replies`, who, { content });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const flag = (who: SignedIn, body: object) => api().post('/api/community/flags', who, { reason: 'spam', ...body });
const isHidden = async (postId: number) =>
  (await db().select().from(communityPosts).where(eq(communityPosts.id, postId)))[0]!.hiddenAt !== null;
const reportsOf = async (postId: number) =>
  db().select().from(feedbackReports).where(eq(feedbackReports.postId, postId));
const resolve = (id: number, body: object, who: SignedIn = env.admin) =>
  api().post(`/api/admin/reports/${id}/resolve`, who, body);
const notificationsOf = async (who: SignedIn) => {
  await drainNotices(env.t.ctx);
  return (await api().get('/api/notifications', who)).json() as { type: string; title: string; message: string }[];
};

describe('flags that strangers cannot abuse', () => {
  it('three new members’ flags hide nothing: the reports wait in the queue and nobody is e-mailed', async () => {
    const author = await settled('Agnes');
    const post = await postBy(author, 'Sunday swap meet');
    for (const name of ['Abe', 'Bea', 'Cal'])
      expect((await flag(await newcomer(name), { postId: post.id })).statusCode).toBe(201);
    expect(await isHidden(post.id)).toBe(false);
    expect((await api().get(`/api/community/posts/${post.id}`, author)).statusCode).toBe(200);
    const queued = (await api().get('/api/admin/reports?status=pending&pageSize=100', env.admin))
      .json()
      .filter((r: { kind: string; itemId: number }) => r.kind === 'post' && r.itemId === post.id);
    expect(queued).toHaveLength(3);
    expect((await notificationsOf(author)).map((n) => n.type)).not.toContain('forum_hidden');
    expect(env.mail.messages.filter((m) => m.to === author.email)).toEqual([]);
  });

  it('three settled members’ flags (joined 30 days ago, or a completed trade) hide the item at once', async () => {
    const author = await settled('Bernard');
    const post = await postBy(author, 'Cheap puzzles here');
    // Two newcomers first: they count for nothing, so three settled flags are still needed.
    await flag(await newcomer('Dee'), { postId: post.id });
    await flag(await newcomer('Eve'), { postId: post.id });
    await flag(await settled('Fay'), { postId: post.id });
    await flag(await trader('Gus'), { postId: post.id });
    expect(await isHidden(post.id)).toBe(false);
    expect((await flag(await settled('Hal'), { postId: post.id })).statusCode).toBe(201);
    expect(await isHidden(post.id)).toBe(true);
    expect((await notificationsOf(author)).filter((n) => n.type === 'forum_hidden')).toHaveLength(1);
    await env.mail.waitFor(author.email, { subject: 'second look' });
  });

  it('an administrator’s post or reply is never hidden by reports', async () => {
    const admin = await signedInAdmin(db(), { firstName: 'Iris', joinedAt: new Date(Date.now() - 90 * DAY) });
    const post = await postBy(admin, 'Club announcement: the autumn swap');
    const reply = await replyTo(post.id, admin, 'Doors open at ten.');
    for (const name of ['Jo', 'Kit', 'Lou']) {
      const member = await settled(name);
      expect((await flag(member, { postId: post.id })).statusCode).toBe(201);
      expect((await flag(member, { replyId: reply.id })).statusCode).toBe(201);
    }
    expect(await isHidden(post.id)).toBe(false);
    const member = await settled('Mo');
    const replies = (await api().get(`/api/community/posts/${post.id}/replies`, member)).json();
    expect(replies.map((r: { id: number }) => r.id)).toEqual([reply.id]);
    // The reports still reach the club team.
    expect((await reportsOf(post.id)).every((r) => r.status === 'pending')).toBe(true);
  });

  it(`a member may report at most ${REPORTS_PER_DAY} items a day (429 with a message saying so)`, async () => {
    const author = await settled('Nora');
    // Straight into the table: the author's own posting limit is not what is tested here.
    const posts = await db()
      .insert(communityPosts)
      .values(
        Array.from({ length: REPORTS_PER_DAY + 1 }, (_, i) => ({
          userId: author.id,
          title: `Post ${i + 1}`,
          content: 'Hello',
        })),
      )
      .returning({ id: communityPosts.id });
    const reporter = await newcomer('Ollie');
    for (const post of posts.slice(0, REPORTS_PER_DAY))
      expect((await flag(reporter, { postId: post.id })).statusCode).toBe(201);
    const refused = await flag(reporter, { postId: posts[REPORTS_PER_DAY]!.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(REPORTS_PER_DAY_MESSAGE);
    expect(await reportsOf(posts[REPORTS_PER_DAY]!.id)).toEqual([]);
    // Another member is not held back by it.
    expect((await flag(await newcomer('Pip'), { postId: posts[REPORTS_PER_DAY]!.id })).statusCode).toBe(201);
  });
});

describe('decisions that can be changed and explained', () => {
  async function hiddenByFlags() {
    const author = await settled('Quentin');
    const post = await postBy(author, 'My shop is open');
    for (const name of ['Ray', 'Sue', 'Tom']) await flag(await settled(name), { postId: post.id });
    expect(await isHidden(post.id)).toBe(true);
    const [report] = await reportsOf(post.id);
    return { author, post, reportId: report!.id };
  }

  it('a resolved report keeps its buttons: hide, restore and hide again, each logged and told to the author with the note', async () => {
    const { author, post, reportId } = await hiddenByFlags();
    const hide = await resolve(reportId, { action: 'hide', notes: 'Adverts belong in the listings.' });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({
      status: 'actioned',
      item: { hidden: true, url: `/community?post=${post.id}` },
    });
    // Already hidden by the flags: the decision keeps it so and tells nobody anything new.
    expect((await notificationsOf(author)).filter((n) => n.type.startsWith('moderation_'))).toEqual([]);

    const restore = await resolve(reportId, { action: 'restore', notes: 'On reflection it is a club member’s sale.' });
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toMatchObject({ status: 'dismissed', item: { hidden: false } });
    expect(await isHidden(post.id)).toBe(false);
    expect((await lastLogged(db(), 'resolve_report'))!.details).toMatchObject({
      decision: 'restore',
      status: { from: 'actioned', to: 'dismissed' },
      item: { from: 'hidden', to: 'shown' },
    });
    const back = (await notificationsOf(author)).find((n) => n.type === 'moderation_restored')!;
    expect(back.title).toBe('Your post "My shop is open" is back on show');
    expect(back.message).toContain('On reflection it is a club member’s sale.');
    const mail = await env.mail.waitFor(author.email, { subject: 'back on show' });
    expect(mail.text).toContain('On reflection');

    const again = await resolve(reportId, { action: 'hide', notes: 'Please use the listings for sales.' });
    expect(again.json()).toMatchObject({ status: 'actioned', item: { hidden: true } });
    expect((await lastLogged(db(), 'resolve_report'))!.details).toMatchObject({
      decision: 'hide',
      status: { from: 'dismissed', to: 'actioned' },
      item: { from: 'shown', to: 'hidden' },
    });
    const hidden = (await notificationsOf(author)).find((n) => n.type === 'moderation_hidden')!;
    expect(hidden.title).toBe('The club team has hidden your post "My shop is open"');
    expect(hidden.message).toContain('Please use the listings for sales.');
  });

  it('dismissing the reports of an item hidden by flags shows it again', async () => {
    const { author, post, reportId } = await hiddenByFlags();
    const res = await resolve(reportId, { action: 'dismiss' });
    expect(res.json()).toMatchObject({ status: 'dismissed', item: { hidden: false } });
    expect((await api().get(`/api/community/posts/${post.id}`, author)).statusCode).toBe(200);
    expect((await reportsOf(post.id)).every((r) => r.status === 'dismissed')).toBe(true);
  });

  it('only administrators decide: a member gets 403, a visitor 401', async () => {
    const { author, reportId } = await hiddenByFlags();
    expect((await resolve(reportId, { action: 'restore' }, author)).statusCode).toBe(403);
    expect(
      (await api().post(`/api/admin/reports/${reportId}/resolve`, undefined, { action: 'restore' })).statusCode,
    ).toBe(401);
    expect((await api().get('/api/admin/reports', author)).statusCode).toBe(403);
  });

  it('a post or reply an admin removes reads “removed by the club team”, and its author is told', async () => {
    const author = await settled('Ursula');
    const other = await settled('Victor');
    const post = await postBy(author, 'Rude words');
    const answer = await replyTo(post.id, other, 'Steady on.');
    const rude = await replyTo(post.id, author, 'Mind your own business.');
    await replyTo(post.id, other, 'No need for that.');
    await api().post(`/api/community/posts/${post.id}/replies`, other, { content: 'Quite.', parentReplyId: rude.id });
    // Another member may not remove it.
    expect((await api().delete(`/api/community/posts/${post.id}`, other)).statusCode).toBe(403);
    expect((await api().delete(`/api/community/replies/${rude.id}`, env.admin)).statusCode).toBe(204);
    expect((await api().delete(`/api/community/posts/${post.id}`, env.admin)).statusCode).toBe(204);
    const kept = (await api().get(`/api/community/posts/${post.id}`, other)).json();
    expect(kept).toMatchObject({ title: REMOVED_POST_BY_TEAM_TEXT, isDeleted: true });
    const replies = (await api().get(`/api/community/posts/${post.id}/replies`, other)).json();
    expect(replies.find((r: { id: number }) => r.id === rude.id)).toMatchObject({
      content: REMOVED_REPLY_BY_TEAM_TEXT,
    });
    expect(replies.find((r: { id: number }) => r.id === answer.id)).toMatchObject({ content: 'Steady on.' });
    const told = (await notificationsOf(author)).filter((n) => n.type === 'moderation_removed').map((n) => n.title);
    expect(told).toEqual(
      expect.arrayContaining([
        'The club team has removed your post "Rude words"',
        'The club team has removed your reply in "Rude words"',
      ]),
    );
  });

  it('an admin removing a post or reply may leave the author a note, told with the removal and logged', async () => {
    const author = await settled('Yvonne');
    const post = await postBy(author, 'Shouting in capitals');
    const reply = await replyTo(post.id, author, 'STILL SHOUTING');
    const tooLong = await api().delete(`/api/community/replies/${reply.id}?note=${'x'.repeat(501)}`, env.admin);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('Note must be at most 500 characters');
    expect((await api().get(`/api/community/posts/${post.id}/replies`, author)).json()).toHaveLength(1);
    const note = encodeURIComponent('Please keep to lower case, it reads as shouting.');
    expect((await api().delete(`/api/community/replies/${reply.id}?note=${note}`, env.admin)).statusCode).toBe(204);
    expect((await api().delete(`/api/community/posts/${post.id}?note=${note}`, env.admin)).statusCode).toBe(204);
    const told = (await notificationsOf(author)).filter((n) => n.type === 'moderation_removed');
    expect(told).toHaveLength(2);
    for (const n of told) expect(n.message).toContain('"Please keep to lower case, it reads as shouting."');
    const logged = (await api().get('/api/admin/actions?action=delete_reply', env.admin)).json();
    expect(logged[0].details).toMatchObject({ note: 'Please keep to lower case, it reads as shouting.' });
  });

  it('an admin editing a member’s post or reply is logged (edit_post, edit_reply); the author’s own edit is not', async () => {
    const author = await settled('Wendy');
    const post = await postBy(author, 'Typo in the titel');
    const reply = await replyTo(post.id, author, 'Sea you there');
    const before = (await api().get('/api/admin/actions?action=edit_post', env.admin)).json().length;
    expect(
      (await api().patch(`/api/community/posts/${post.id}`, author, { content: 'Mine to change.' })).statusCode,
    ).toBe(200);
    expect((await api().get('/api/admin/actions?action=edit_post', env.admin)).json()).toHaveLength(before);
    const stranger = await settled('Xavier');
    expect((await api().patch(`/api/community/posts/${post.id}`, stranger, { title: 'Hijacked' })).statusCode).toBe(
      403,
    );
    expect(
      (await api().patch(`/api/community/replies/${reply.id}`, stranger, { content: 'Hijacked' })).statusCode,
    ).toBe(403);

    const edited = await api().patch(`/api/community/posts/${post.id}`, env.admin, { title: 'Typo in the title' });
    expect(edited.json()).toMatchObject({ title: 'Typo in the title', isEdited: true });
    expect(await lastLogged(db(), 'edit_post')).toMatchObject({
      adminId: env.admin.id,
      target: `post:${post.id}`,
      details: { post: 'Typo in the titel', authorId: author.id, changed: ['title'] },
    });
    expect(
      (await api().patch(`/api/community/replies/${reply.id}`, env.admin, { content: 'See you there' })).statusCode,
    ).toBe(200);
    expect(await lastLogged(db(), 'edit_reply')).toMatchObject({
      target: `reply:${reply.id}`,
      details: { post: 'Typo in the title', authorId: author.id },
    });
    expect(ADMIN_ACTION_LABELS.edit_post).toBeTruthy();
    expect(ADMIN_ACTION_LABELS.edit_reply).toBeTruthy();
  });
});

describe('reports in context', () => {
  it('each report links to the post, with a reported reply in view', async () => {
    const author = await settled('Yvonne');
    const post = await postBy(author, 'Where to start');
    const reply = await replyTo(post.id, author, 'Edges first, always.');
    const reporter = await newcomer('Zack');
    await flag(reporter, { postId: post.id });
    await flag(reporter, { replyId: reply.id });
    const listed = (await api().get('/api/admin/reports?status=pending&pageSize=100', env.admin)).json() as {
      kind: string;
      itemId: number;
      item: { url: string };
    }[];
    expect(listed.find((r) => r.kind === 'post' && r.itemId === post.id)!.item.url).toBe(`/community?post=${post.id}`);
    expect(listed.find((r) => r.kind === 'reply' && r.itemId === reply.id)!.item.url).toBe(
      `/community?post=${post.id}&reply=${reply.id}`,
    );
  });
});

describe('settings edited in place', () => {
  const create = (key: string, value: unknown) =>
    api().post('/api/admin/settings', env.admin, { category: 'platform', key, value, description: 'Before' });
  const patch = (id: number, body: object, who: SignedIn | undefined = env.admin) =>
    api().patch(`/api/admin/settings/${id}`, who, body);

  it('PATCH changes the value and description in place, logged with the old and new value', async () => {
    const created = (await create('welcomeBanner', { text: 'Hello' })).json();
    const res = await patch(created.id, { value: { text: 'Welcome back' }, description: 'After' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, value: { text: 'Welcome back' }, description: 'After' });
    expect(await lastLogged(db(), 'update_setting')).toMatchObject({
      adminId: env.admin.id,
      target: 'setting:platform.welcomeBanner',
      details: {
        settingId: created.id,
        value: { from: { text: 'Hello' }, to: { text: 'Welcome back' } },
        description: { from: 'Before', to: 'After' },
      },
    });
    const listed = (await api().get('/api/admin/settings', env.admin)).json();
    expect(listed.filter((s: { key: string }) => s.key === 'welcomeBanner')).toEqual([
      expect.objectContaining({ id: created.id, value: { text: 'Welcome back' } }),
    ]);
  });

  it('a setting the app reads keeps its type; unknown ids 404; empty changes 400; members 403, visitors 401', async () => {
    const expiry = (
      await api().post('/api/admin/settings', env.admin, {
        category: 'trading',
        key: 'pendingRequestExpiryDays',
        value: 7,
      })
    ).json();
    const wrong = await patch(expiry.id, { value: 'soon' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toEqual({
      path: 'value',
      message: 'Value must be a whole number of days from 1 to 90',
    });
    expect((await patch(expiry.id, { value: 10 })).json().value).toBe(10);
    expect((await patch(999_999, { value: 1 })).statusCode).toBe(404);
    expect((await patch(expiry.id, {})).statusCode).toBe(400);
    const member = await newcomer('Mabel');
    expect((await patch(expiry.id, { value: 3 }, member)).statusCode).toBe(403);
    expect((await api().patch(`/api/admin/settings/${expiry.id}`, undefined, { value: 3 })).statusCode).toBe(401);
    expect(
      (await api().get('/api/admin/settings', env.admin)).json().find((s: { id: number }) => s.id === expiry.id).value,
    ).toBe(10);
    // Back to the default for the rest of the suite.
    await api().delete(`/api/admin/settings/${expiry.id}`, env.admin);
  });

  const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

  it('a value nested thousands deep is refused with a 400 naming the field, on POST and PATCH, never a 5xx', async () => {
    for (const depth of [3000, 1000, SETTING_VALUE_MAX_DEPTH + 1]) {
      const res = await create(`deep${depth}`, nested(depth));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'value', message: SETTING_VALUE_DEPTH_MESSAGE }]);
    }
    const ok = await create('deepEnough', nested(SETTING_VALUE_MAX_DEPTH));
    expect(ok.statusCode).toBe(201);
    const res = await patch(ok.json().id, { value: nested(3000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'value', message: SETTING_VALUE_DEPTH_MESSAGE }]);
    expect((await api().get('/api/admin/settings', env.admin)).statusCode).toBe(200);
  });
});
