import { describe, expect, it } from 'vitest';
import { createMember } from '../support/factories';
import { useProcessesOnOneDatabase } from '../support/processes-on-one-database';

// docs/product/community.md#live: a forum reply posted through one app process reaches, within 2 s, the
// open pages on another process sharing the PostgreSQL database: every member's `community
// {postId}` (the open post refreshes) and the post author's bell (`notification`).
// PostgreSQL only: the embedded database allows one process.

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the forum live across two app processes (needs TEST_DATABASE_URL)', () => {
  const shared = useProcessesOnOneDatabase('xforum');

  it('a reply through process 2 reaches the author and a reader on process 1 within 2 s', async () => {
    const [one, two] = await Promise.all([shared.startServer(), shared.startServer()]);

    const author = await createMember(shared.db, { firstName: 'Margaret' });
    const reader = await createMember(shared.db, { firstName: 'Derek' });
    const replier = await createMember(shared.db, { firstName: 'Susan' });
    const [authorCookie, readerCookie, replierCookie] = await Promise.all([
      shared.sessionCookie(author.id),
      shared.sessionCookie(reader.id),
      shared.sessionCookie(replier.id),
    ]);
    const send = (port: number, path: string, who: string, body: object) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { cookie: who, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const created = await send(one.port, '/api/community/posts', authorCookie, {
      title: 'Across two processes',
      content: 'Does the reply reach me live?',
      category: 'general',
    });
    expect(created.status).toBe(201);
    const { id: postId } = (await created.json()) as { id: number };

    const authorStream = await shared.openEvents(one, authorCookie);
    const readerStream = await shared.openEvents(one, readerCookie);
    await authorStream.next('unread-count');
    await readerStream.next('unread-count');

    const started = Date.now();
    const reply = await send(two.port, `/api/community/posts/${postId}/replies`, replierCookie, {
      content: 'Yes, hello from process two!',
    });
    expect(reply.status).toBe(201);
    expect(await readerStream.next('community', 2000)).toEqual({ type: 'community', data: { postId } });
    expect(await authorStream.next('community', 2000)).toEqual({ type: 'community', data: { postId } });
    const bell = await authorStream.next('notification', 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    const list = (await (
      await fetch(`http://127.0.0.1:${one.port}/api/notifications`, { headers: { cookie: authorCookie } })
    ).json()) as Array<{ id: number; link: string }>;
    const { id: replyId } = (await reply.json()) as { id: number };
    expect(list[0]).toMatchObject({
      id: (bell.data as { id: number }).id,
      link: `/community?post=${postId}&reply=${replyId}`,
    });

    for (const { proc } of [one, two]) proc.child.kill('SIGTERM');
    expect(await one.proc.exited).toBe(0);
    expect(await two.proc.exited).toBe(0);
  });
});
