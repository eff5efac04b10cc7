import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { communityPosts, communityReplies } from '../../src/server/db/schema';
import { drainNotices } from '../../src/server/notices/notices';
import { buildTestApp, type TestApp } from '../support/build-app';
import { testDbKind } from '../support/test-database';
import { http, signedInMember, type SignedIn } from './trades-fixtures';

// docs/product/community.md#counters: counters equal a recount at every moment, also when many members reply and
// like at once. On PostgreSQL only: the pool runs these requests on separate connections at
// the same moment (the embedded database has one connection and runs them in turn).

describe.skipIf(testDbKind !== 'postgres')('the forum at the same moment (PostgreSQL)', () => {
  let t: TestApp;
  let api: ReturnType<typeof http>;
  let author: SignedIn;
  let members: SignedIn[];
  beforeAll(async () => {
    t = await buildTestApp();
    t.ctx.mailer = { send: async () => {} };
    api = http(t);
    author = await signedInMember(t.database.db, { firstName: 'Margaret' });
    members = await Promise.all(Array.from({ length: 30 }, () => signedInMember(t.database.db)));
  });
  afterAll(async () => {
    await drainNotices(t.ctx);
    await t.close();
  });
  const db = () => t.database.db;

  async function recount(postId: number) {
    const [row] = await queryRows<{ replies: number; likes: number; post_replies: number; post_likes: number }>(
      db(),
      sql`SELECT
            (SELECT count(*)::int FROM community_replies WHERE post_id = ${postId} AND deleted_at IS NULL AND hidden_at IS NULL) AS replies,
            (SELECT count(*)::int FROM community_likes WHERE post_id = ${postId}) AS likes,
            p.reply_count AS post_replies, p.like_count AS post_likes
          FROM community_posts p WHERE p.id = ${postId}`,
    );
    return row!;
  }

  it('30 parallel replies: replyCount equals a recount', async () => {
    const post = (
      await api.post('/api/community/posts', author, {
        title: 'Busy thread here',
        content: 'Everyone is replying at once.',
      })
    ).json();
    const answers = await Promise.all(
      members.map((m, i) => api.post(`/api/community/posts/${post.id}/replies`, m, { content: `Reply number ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(members.map(() => 201));
    const counted = await recount(post.id);
    expect(counted.post_replies).toBe(30);
    expect(counted.post_replies).toBe(counted.replies);
  });

  it('30 parallel like toggles on a post and on a reply: likeCount equals a recount, one like per member', async () => {
    const post = (
      await api.post('/api/community/posts', author, {
        title: 'Like this one',
        content: 'Thirty members like it at once.',
      })
    ).json();
    const reply = (
      await api.post(`/api/community/posts/${post.id}/replies`, author, { content: 'And this reply' })
    ).json();
    // Each member likes both at once, and ten of them toggle the post twice more at once.
    const answers = await Promise.all([
      ...members.map((m) => api.post('/api/community/like', m, { postId: post.id })),
      ...members.map((m) => api.post('/api/community/like', m, { replyId: reply.id })),
    ]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const toggles = await Promise.all(
      members
        .slice(0, 10)
        .flatMap((m) => [
          api.post('/api/community/like', m, { postId: post.id }),
          api.post('/api/community/like', m, { postId: post.id }),
        ]),
    );
    expect(toggles.every((a) => a.statusCode === 200)).toBe(true);
    const counted = await recount(post.id);
    expect(counted.post_likes).toBe(30);
    expect(counted.post_likes).toBe(counted.likes);
    const [r] = await db().select().from(communityReplies).where(eq(communityReplies.id, reply.id));
    const [{ n }] = (await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM community_likes WHERE reply_id = ${reply.id}`,
    )) as [{ n: number }];
    expect(r!.likeCount).toBe(30);
    expect(r!.likeCount).toBe(n);
    const [p] = await db().select().from(communityPosts).where(eq(communityPosts.id, post.id));
    expect(p!.likeCount).toBe(30);
  });
});
