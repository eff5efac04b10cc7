import { describe, expect, it } from 'vitest';
import { createListing, createMember } from '../support/factories';
import { useProcessesOnOneDatabase } from '../support/processes-on-one-database';

// docs/product/messages.md#live-updates: live updates work when several app processes share one PostgreSQL database. Two real
// server processes on one fresh database; a member's stream on one hears a message posted
// through the other (LISTEN/NOTIFY). PostgreSQL only: the embedded database allows one process.

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('live updates across two app processes (needs TEST_DATABASE_URL)', () => {
  const shared = useProcessesOnOneDatabase('xproc');

  it('a message posted through process 2 reaches a stream on process 1 within 2 s, and back', async () => {
    const [one, two] = await Promise.all([shared.startServer(), shared.startServer()]);

    const owner = await createMember(shared.db, { firstName: 'Derek' });
    const asker = await createMember(shared.db, { firstName: 'Susan' });
    const listing = await createListing(shared.db, owner.id);
    const ownerCookie = await shared.sessionCookie(owner.id);
    const askerCookie = await shared.sessionCookie(asker.id);

    const ownerStream = await shared.openEvents(one, ownerCookie);
    const askerStream = await shared.openEvents(two, askerCookie);
    expect(await ownerStream.next('unread-count')).toEqual({ type: 'unread-count', data: { count: 0 } });
    await askerStream.next('unread-count');

    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${two.port}/api/message-threads`, {
      method: 'POST',
      headers: { cookie: askerCookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: 'Across processes',
        puzzleListingId: listing.id,
        recipientId: owner.id,
        initialMessage: 'Hello from two',
      }),
    });
    expect(res.status).toBe(201);
    const { id: threadId } = (await res.json()) as { id: number };
    expect(await ownerStream.next('message', 2000)).toEqual({ type: 'message', data: { threadId } });
    expect(await ownerStream.next('unread-count', 2000)).toEqual({ type: 'unread-count', data: { count: 1 } });
    expect(Date.now() - started).toBeLessThan(2000);

    // The reply goes through process 1 and reaches the asker's stream on process 2.
    const reply = await fetch(`http://127.0.0.1:${one.port}/api/message-threads/${threadId}/messages`, {
      method: 'POST',
      headers: { cookie: ownerCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Hello back from one' }),
    });
    expect(reply.status).toBe(201);
    expect(await askerStream.next('message', 2000)).toEqual({ type: 'message', data: { threadId } });

    // SIGTERM with a stream still open: both processes stop cleanly, without hanging.
    for (const { proc } of [one, two]) proc.child.kill('SIGTERM');
    expect(await one.proc.exited).toBe(0);
    expect(await two.proc.exited).toBe(0);
    await ownerStream.ended;
  });
});
