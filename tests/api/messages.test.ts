import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { messageThreadParticipants, messageThreads, messages } from '../../src/server/db/schema';
import { runUnreadMessageMail } from '../../src/server/jobs/unread-message-mail';
import type { Message as MessageView, MessageThread as ThreadView } from '../../src/domain/messages';
import { addMessage, createThread } from '../../src/server/messages/threads-repository';
import { buildTestApp, type TestApp } from '../support/build-app';
import { queriesDuring, roundTripsDuring } from '../support/count-queries';
import { testDbKind } from '../support/test-database';
import { createListing, createMember } from '../support/factories';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';

// docs/product/messages.md and issue 7: conversations about a puzzle, who may read them, unread counts for
// both sides, and the reminder e-mail about an unread message.

let t: TestApp;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await buildTestApp({ smtpUrl: mail.url, appUrl: 'http://club.test' });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

type Member = Awaited<ReturnType<typeof createMember>> & { cookie: string };
let n = 0;
async function member(firstName = 'Margaret', lastName = 'Hughes'): Promise<Member> {
  n += 1;
  const m = await createMember(t.database.db, {
    firstName,
    lastName,
    email: `msg${n}.${Date.now().toString(36)}@example.org`,
  });
  const { token } = await createSession(t.database.db, m.id, false);
  return { ...m, cookie: `jc_session=${token}` };
}

function call(method: 'GET' | 'POST', url: string, who?: { cookie: string }, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const unread = async (who: Member) => (await call('GET', '/api/messages/unread-count', who)).json().count as number;
const threadsOf = async (who: Member) => (await call('GET', '/api/message-threads', who)).json() as ThreadView[];
const messagesOf = async (who: Member, threadId: number) =>
  (await call('GET', `/api/message-threads/${threadId}/messages`, who)).json() as MessageView[];

/** `asker` opens a conversation with the listing's owner about it. */
function askAbout(asker: Member, listing: { id: number; title: string }, ownerId: number, text: string) {
  return call('POST', '/api/message-threads', asker, {
    subject: `Question about: ${listing.title}`,
    puzzleListingId: listing.id,
    recipientId: ownerId,
    initialMessage: text,
  });
}

/** A contacts the owner of a fresh listing; returns both members, the listing and the thread. */
async function conversation(text = 'Hello! Is the poster included?') {
  const owner = await member('Derek', 'Pemberton');
  const asker = await member('Margaret', 'Hughes');
  const listing = await createListing(t.database.db, owner.id, {
    title: 'Flying Scotsman at York',
    pieces: 1000,
    condition: 'good',
  });
  const res = await askAbout(asker, listing, owner.id, text);
  expect(res.statusCode, res.body).toBe(201);
  return { owner, asker, listing, thread: res.json() as ThreadView };
}

describe('contacting an owner', () => {
  it('opens a thread about the puzzle: 201 with the thread, unread 1 for the owner and 0 for the sender', async () => {
    const { owner, asker, listing, thread } = await conversation();
    expect(thread).toMatchObject({
      subject: 'Question about: Flying Scotsman at York',
      puzzleListingId: listing.id,
      tradeRequestId: null,
      participantIds: [owner.id, asker.id], // ascending ids
      puzzleTitle: 'Flying Scotsman at York',
      puzzlePieces: 1000,
      puzzleCondition: 'good',
      unreadCount: 0,
      isNew: true,
      sentByMe: true,
      otherParticipants: [{ id: owner.id, name: 'Derek P.' }],
      lastMessage: { content: 'Hello! Is the poster included?', senderId: asker.id, isSystemMessage: false },
    });
    expect(await unread(owner)).toBe(1);
    expect(await unread(asker)).toBe(0);
    // No e-mail, address or full surname of the other member anywhere in the answer.
    expect(JSON.stringify(thread)).not.toMatch(/Pemberton|@example\.org|Orchard/);
  });

  it('contacting the same owner about the same puzzle again continues the conversation (200, same thread)', async () => {
    const { owner, asker, listing, thread } = await conversation('First question');
    const again = await call('POST', '/api/message-threads', asker, {
      subject: 'Another subject',
      puzzleListingId: listing.id,
      recipientId: owner.id,
      initialMessage: '  And one more thing  ',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(thread.id);
    expect(again.json().subject).toBe('Question about: Flying Scotsman at York');
    expect((await messagesOf(asker, thread.id)).map((m) => m.content)).toEqual([
      'First question',
      'And one more thing',
    ]);
    expect(await threadsOf(asker)).toHaveLength(1);
    expect(await unread(owner)).toBe(2);
  });

  it('a different member about the same puzzle gets a conversation of their own', async () => {
    const { owner, listing, thread } = await conversation();
    const other = await member('Susan', 'Ashworth');
    const res = await askAbout(other, listing, owner.id, 'Would you post it to Leeds?');
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(thread.id);
    expect(await threadsOf(owner)).toHaveLength(2);
  });

  it('refuses messaging your own listing with the documented words, and creates nothing', async () => {
    const owner = await member();
    const listing = await createListing(t.database.db, owner.id);
    const res = await call('POST', '/api/message-threads', owner, {
      subject: 'Question about: mine',
      puzzleListingId: listing.id,
      recipientId: owner.id,
      initialMessage: 'Hello me',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot send a message to your own puzzle listing');
    expect(await threadsOf(owner)).toEqual([]);
  });

  it('the recipient must be the owner of the puzzle', async () => {
    const owner = await member();
    const asker = await member();
    const bystander = await member();
    const listing = await createListing(t.database.db, owner.id);
    const res = await call('POST', '/api/message-threads', asker, {
      subject: 'Hi',
      puzzleListingId: listing.id,
      recipientId: bystander.id,
      initialMessage: 'Hello',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("You can only send this message to the puzzle's owner.");
    expect(await threadsOf(bystander)).toEqual([]);
  });

  it('a missing puzzle, or another member’s draft or archived one, is not found', async () => {
    const owner = await member();
    const asker = await member();
    const draft = await createListing(t.database.db, owner.id, { status: 'draft' });
    const archived = await createListing(t.database.db, owner.id, { status: 'archived' });
    for (const puzzleListingId of [draft.id, archived.id, 999_999]) {
      const res = await call('POST', '/api/message-threads', asker, {
        subject: 'Hi',
        puzzleListingId,
        recipientId: owner.id,
        initialMessage: 'Hello',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Puzzle not found');
    }
    expect(await threadsOf(owner)).toEqual([]);
  });

  it('checks every field with the product’s messages', async () => {
    const owner = await member();
    const asker = await member();
    const listing = await createListing(t.database.db, owner.id);
    const base = { subject: 'Hi', puzzleListingId: listing.id, recipientId: owner.id, initialMessage: 'Hello' };
    const cases: Array<[object, string, string]> = [
      [{ ...base, subject: '   ' }, 'subject', 'Subject is required'],
      [{ ...base, subject: 'x'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
      [{ ...base, initialMessage: ' \n ' }, 'initialMessage', 'Initial message is required'],
      [{ ...base, initialMessage: 'x'.repeat(2001) }, 'initialMessage', 'Message must be at most 2000 characters'],
      [{ ...base, puzzleListingId: 'abc' }, 'puzzleListingId', 'Puzzle listing is required'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await call('POST', '/api/message-threads', asker, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    // 200 and 2000 characters exactly are fine.
    const ok = await call('POST', '/api/message-threads', asker, {
      ...base,
      subject: 's'.repeat(200),
      initialMessage: 'm'.repeat(2000),
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('who may read and write a thread', () => {
  it('every call needs sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/message-threads'],
      ['POST', '/api/message-threads'],
      ['GET', '/api/message-threads/1/messages'],
      ['POST', '/api/message-threads/1/messages'],
      ['POST', '/api/message-threads/1/mark-read'],
      ['GET', '/api/messages/unread-count'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'POST' ? { content: 'x' } : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('reads a conversation in one query, membership checked in it; an empty one is [] to its members', async () => {
    const { owner, asker, thread } = await conversation();
    await messagesOf(asker, thread.id); // the session's statement is prepared on first use
    const read = async () => {
      expect(await messagesOf(asker, thread.id)).toHaveLength(1);
    };
    // On PostgreSQL the statement is prepared on the pool, past the Drizzle client: count the
    // round trips there (the session's, then the conversation's).
    if (testDbKind === 'postgres') expect(await roundTripsDuring(t.ctx, read)).toHaveLength(2);
    else expect(await queriesDuring(t.database.db, read)).toEqual({ raw: 1, built: 0 });
    await t.database.db.delete(messages).where(eq(messages.threadId, thread.id));
    for (const who of [owner, asker]) {
      const res = await call('GET', `/api/message-threads/${thread.id}/messages`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    const stranger = await member('Trevor', 'Baxter');
    expect((await call('GET', `/api/message-threads/${thread.id}/messages`, stranger)).statusCode).toBe(404);
  });

  it('a third member gets 404 for reading, posting and mark-read, and changes nothing', async () => {
    const { owner, asker, thread } = await conversation();
    const stranger = await member('Trevor', 'Baxter');
    const read = await call('GET', `/api/message-threads/${thread.id}/messages`, stranger);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Conversation not found');
    const post = await call('POST', `/api/message-threads/${thread.id}/messages`, stranger, { content: 'Let me in' });
    expect(post.statusCode).toBe(404);
    expect((await call('POST', `/api/message-threads/${thread.id}/mark-read`, stranger)).statusCode).toBe(404);
    // The same answer as a thread that does not exist, or an id that cannot be one.
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const res = await call('GET', `/api/message-threads/${id}/messages`, stranger);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toBe(read.body);
    }
    expect(await threadsOf(stranger)).toEqual([]);
    expect(await messagesOf(asker, thread.id)).toHaveLength(1);
    expect(await unread(owner)).toBe(1);
  });
});

describe('messages in a thread', () => {
  it('a reply is saved trimmed and answered 201 with its sender, readBy and time', async () => {
    const { owner, asker, thread } = await conversation();
    const res = await call('POST', `/api/message-threads/${thread.id}/messages`, owner, {
      content: '  Yes, poster included.  ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      threadId: thread.id,
      senderId: owner.id,
      senderName: 'Derek P.',
      content: 'Yes, poster included.',
      isSystemMessage: false,
      readBy: [owner.id],
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(await unread(asker)).toBe(1);
    // Replying counts as having read the thread up to the reply.
    expect(await unread(owner)).toBe(0);
  });

  it('refuses empty and over-long content with the documented message', async () => {
    const { asker, thread } = await conversation();
    for (const content of ['', '    ', '\n\t']) {
      const res = await call('POST', `/api/message-threads/${thread.id}/messages`, asker, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'content', message: 'Message cannot be empty' }]);
    }
    const long = await call('POST', `/api/message-threads/${thread.id}/messages`, asker, { content: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ path: 'content', message: 'Message must be at most 2000 characters' }]);
    expect(await messagesOf(asker, thread.id)).toHaveLength(1);
  });

  it('lists messages oldest first; readBy follows each participant’s mark-read', async () => {
    const { owner, asker, thread } = await conversation('One');
    await call('POST', `/api/message-threads/${thread.id}/messages`, asker, { content: 'Two' });
    let list = await messagesOf(owner, thread.id);
    expect(list.map((m) => m.content)).toEqual(['One', 'Two']);
    expect(list.map((m) => m.readBy)).toEqual([[asker.id], [asker.id]]);
    expect(list[0]).toMatchObject({
      senderId: asker.id,
      senderName: 'Margaret H.',
      isSystemMessage: false,
      threadId: thread.id,
    });

    const marked = await call('POST', `/api/message-threads/${thread.id}/mark-read`, owner);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ count: 0 });
    list = await messagesOf(asker, thread.id);
    expect(list.map((m) => m.readBy)).toEqual([
      [asker.id, owner.id].sort((a, b) => a - b),
      [asker.id, owner.id].sort((a, b) => a - b),
    ]);
  });

  it('unread counts for both sides through a conversation', async () => {
    const { owner, asker, thread } = await conversation();
    expect([await unread(asker), await unread(owner)]).toEqual([0, 1]);
    expect((await call('POST', `/api/message-threads/${thread.id}/mark-read`, owner)).json()).toEqual({ count: 0 });
    expect([await unread(asker), await unread(owner)]).toEqual([0, 0]);
    await call('POST', `/api/message-threads/${thread.id}/messages`, owner, { content: 'Reply' });
    expect([await unread(asker), await unread(owner)]).toEqual([1, 0]);
    // Reading again changes nothing and is harmless.
    expect((await call('POST', `/api/message-threads/${thread.id}/mark-read`, owner)).json()).toEqual({ count: 0 });
    expect((await call('POST', `/api/message-threads/${thread.id}/mark-read`, asker)).json()).toEqual({ count: 0 });
    expect([await unread(asker), await unread(owner)]).toEqual([0, 0]);
  });

  it("mark-read answers the member's whole unread total, other threads included, in one statement beside the session", async () => {
    const first = await conversation('About the first puzzle');
    const owner = first.owner;
    // A second thread to the same owner, from someone else, with two messages unread.
    const other = await member('Rosalind', 'Kerr');
    const second = await askAbout(other, first.listing, owner.id, 'Is it complete?');
    expect(second.statusCode).toBe(201);
    await call('POST', `/api/message-threads/${second.json().id}/messages`, other, { content: 'And boxed?' });
    expect(await unread(owner)).toBe(3);
    const markFirst = () => call('POST', `/api/message-threads/${first.thread.id}/mark-read`, owner);
    expect((await markFirst()).json()).toEqual({ count: 2 });
    expect(await unread(owner)).toBe(2);
    // Marking it again reads nothing new, so nobody is told: what is left is the session's
    // statement and the mark's, which carries the total.
    let again: Awaited<ReturnType<typeof call>> | undefined;
    const markAgain = async () => void (again = await markFirst());
    if (testDbKind === 'postgres') expect(await roundTripsDuring(t.ctx, markAgain)).toHaveLength(2);
    else expect(await queriesDuring(t.database.db, markAgain)).toEqual({ raw: 1, built: 0 });
    expect(again!.json()).toEqual({ count: 2 });
    // A new message in the thread just read counts again; marking the other leaves it alone.
    await call('POST', `/api/message-threads/${first.thread.id}/messages`, first.asker, { content: 'Still there?' });
    const res = await call('POST', `/api/message-threads/${second.json().id}/mark-read`, owner);
    expect(res.json()).toEqual({ count: 1 });
    expect(await unread(owner)).toBe(1);
  });

  it('a system message counts as unread for both participants until each reads it', async () => {
    const { owner, asker, listing } = await conversation();
    const threadId = await t.database.db.transaction(async (tx) => {
      const thread = await createThread(tx, {
        subject: 'Trade request: Flying Scotsman at York',
        puzzleListingId: listing.id,
        participantIds: [asker.id, owner.id],
      });
      await addMessage(tx, {
        threadId: thread.id,
        senderId: null,
        content: 'Margaret H. has requested this puzzle.',
        isSystemMessage: true,
      });
      return thread.id;
    });
    expect([await unread(asker), await unread(owner)]).toEqual([1, 2]);
    const list = await messagesOf(asker, threadId);
    expect(list).toEqual([
      expect.objectContaining({ senderId: null, senderName: null, isSystemMessage: true, readBy: [] }),
    ]);
    await call('POST', `/api/message-threads/${threadId}/mark-read`, asker);
    expect([await unread(asker), await unread(owner)]).toEqual([0, 2]);
    const row = (await threadsOf(owner)).find((th) => th.id === threadId)!;
    expect(row).toMatchObject({
      unreadCount: 1,
      sentByMe: false,
      lastMessage: { isSystemMessage: true, senderId: null },
    });
  });

  it('posting is limited per member (30 a minute) with a 429 and a message', async () => {
    const { asker, thread } = await conversation();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await call('POST', `/api/message-threads/${thread.id}/messages`, asker, { content: `Message ${i}` }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await call('POST', `/api/message-threads/${thread.id}/messages`, asker, { content: 'again' });
    expect(limited.json().message).toMatch(/wait a minute/);
  });
});

describe('the conversation list', () => {
  it('shows the member’s threads newest first with puzzle, preview, unread, New and Sent fields', async () => {
    const owner = await member('Patricia', "O'Neill");
    const a = await member('Alan', 'Rees');
    const b = await member('Brenda', 'McAllister');
    const first = await createListing(t.database.db, owner.id, {
      title: 'Beach Huts in a Row',
      pieces: 500,
      condition: 'like_new',
      puzzleImageUrl: '/uploads/abc-123.webp',
    });
    const second = await createListing(t.database.db, owner.id, {
      title: 'Punch and Judy',
      pieces: 250,
      condition: 'good',
    });
    const long = `${'A very long question about the colours. '.repeat(10)}End.`;
    const t1 = (
      await call('POST', '/api/message-threads', a, {
        subject: 'About the huts',
        puzzleListingId: first.id,
        recipientId: owner.id,
        initialMessage: long,
      })
    ).json();
    const t2 = (
      await call('POST', '/api/message-threads', b, {
        subject: 'About Punch',
        puzzleListingId: second.id,
        recipientId: owner.id,
        initialMessage: 'Hi!',
      })
    ).json();

    let list = await threadsOf(owner);
    expect(list.map((th) => th.id)).toEqual([t2.id, t1.id]);
    const huts = list[1]!;
    expect(huts).toMatchObject({
      subject: 'About the huts',
      puzzleListingId: first.id,
      puzzleTitle: 'Beach Huts in a Row',
      puzzlePieces: 500,
      puzzleCondition: 'like_new',
      puzzleImageUrl: '/uploads/abc-123.webp',
      puzzleThumbnailUrl: '/uploads/abc-123.thumb.webp',
      unreadCount: 1,
      isNew: true,
      sentByMe: false,
      otherParticipants: [{ id: a.id, name: 'Alan R.' }],
      participantIds: [owner.id, a.id],
    });
    expect(huts.lastMessage!.content.length).toBeLessThanOrEqual(120);
    expect(huts.lastMessage!.content.endsWith('…')).toBe(true);
    expect(Object.keys(huts).sort()).toEqual(
      [
        'id',
        'subject',
        'puzzleListingId',
        'tradeRequestId',
        'isDirect',
        'participantIds',
        'lastMessageAt',
        'createdAt',
        'updatedAt',
        'puzzleTitle',
        'puzzlePieces',
        'puzzleCondition',
        'puzzleImageUrl',
        'puzzleThumbnailUrl',
        'unreadCount',
        'isNew',
        'lastMessage',
        'otherParticipants',
        'sentByMe',
      ].sort(),
    );

    // A reply moves the thread to the top and puts it in the owner's Sent tab.
    await call('POST', `/api/message-threads/${t1.id}/messages`, owner, { content: 'They are bright!' });
    list = await threadsOf(owner);
    expect(list.map((th) => th.id)).toEqual([t1.id, t2.id]);
    expect(list[0]).toMatchObject({
      sentByMe: true,
      unreadCount: 0,
      lastMessage: { content: 'They are bright!', senderId: owner.id },
    });
    expect(new Date(list[0]!.lastMessageAt).getTime()).toBeGreaterThan(new Date(list[1]!.lastMessageAt).getTime());

    // Each member sees only their own threads.
    expect((await threadsOf(a)).map((th) => th.id)).toEqual([t1.id]);
    expect((await threadsOf(b)).map((th) => th.id)).toEqual([t2.id]);
  });

  it('a thread whose last message is 24 hours old or more is no longer New', async () => {
    const { asker, thread } = await conversation();
    const old = new Date(Date.now() - 25 * 3600 * 1000);
    await t.database.db.update(messages).set({ createdAt: old }).where(eq(messages.threadId, thread.id));
    await t.database.db.update(messageThreads).set({ lastMessageAt: old }).where(eq(messageThreads.id, thread.id));
    const [row] = await threadsOf(asker);
    expect(row!.isNew).toBe(false);
  });

  it('answers in a fixed number of queries however many threads there are', async () => {
    const owner = await member();
    for (let i = 0; i < 12; i++) {
      const asker = await member();
      const listing = await createListing(t.database.db, owner.id);
      await call('POST', '/api/message-threads', asker, {
        subject: `Q${i}`,
        puzzleListingId: listing.id,
        recipientId: owner.id,
        initialMessage: 'Hi',
      });
    }
    await threadsOf(owner); // the session's statement is prepared on first use
    const list = async () => {
      expect(await threadsOf(owner)).toHaveLength(12);
    };
    // One query for the list beside the session's: on PostgreSQL a prepared statement on the
    // pool, past the Drizzle client, so counted as round trips there.
    if (testDbKind === 'postgres') expect(await roundTripsDuring(t.ctx, list)).toHaveLength(2);
    else expect((await queriesDuring(t.database.db, list)).raw).toBe(1);
  });
});

describe('the reminder e-mail about an unread message', () => {
  const MIN = 60_000;
  const DAY = 24 * 60 * MIN;
  // Each test works in its own stretch of the future, so other tests' unread messages (more
  // than 48 hours "earlier") are not due at the same time.
  let stretch = 0;
  const futureBase = () => new Date(Date.now() + (10 + 5 * stretch++) * DAY);
  const mailTo = (who: Member) => mail.messages.filter((m) => m.to === who.email.toLowerCase());

  async function threadWithMessageAt(at: Date) {
    const owner = await member('Colin', 'Whitaker');
    const asker = await member('Jean', 'Fairbairn');
    const listing = await createListing(t.database.db, owner.id, { title: 'Signal Box at Dawn' });
    const thread = await createThread(t.database.db, {
      subject: 'Question about: Signal Box at Dawn',
      puzzleListingId: listing.id,
      participantIds: [asker.id, owner.id],
      createdAt: at,
    });
    await addMessage(t.database.db, {
      threadId: thread.id,
      senderId: asker.id,
      content: 'Private words about my cat',
      createdAt: at,
    });
    return { owner, asker, thread };
  }

  it('goes once to the member who has not read it after 15 minutes, naming the sender and linking the thread', async () => {
    const base = futureBase();
    const { owner, asker, thread } = await threadWithMessageAt(base);
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 14 * MIN))).toBe(0);
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 16 * MIN))).toBe(1);
    const m = await mail.waitFor(owner.email);
    expect(m.subject).toContain('Jean F.');
    expect(m.text).toContain('Question about: Signal Box at Dawn');
    expect(m.text).toContain(`http://club.test/messages?thread=${thread.id}`);
    expect(m.html).toContain(`http://club.test/messages?thread=${thread.id}`);
    expect(m.text + m.html).not.toContain('Private words');
    // Not again for the same message, and never to the sender.
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 30 * MIN))).toBe(0);
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 3 * DAY))).toBe(0);
    expect(mailTo(owner)).toHaveLength(1);
    expect(mailTo(asker)).toHaveLength(0);
  });

  it('at most one a day per conversation: a newer unread message waits for the next day', async () => {
    const base = futureBase();
    const { owner, asker, thread } = await threadWithMessageAt(base);
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 16 * MIN))).toBe(1);
    await mail.waitFor(owner.email);
    await addMessage(t.database.db, {
      threadId: thread.id,
      senderId: asker.id,
      content: 'Are you there?',
      createdAt: new Date(base.getTime() + 2 * 60 * MIN),
    });
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 3 * 60 * MIN))).toBe(0);
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + DAY + 17 * MIN))).toBe(1);
    await mail.waitFor(owner.email);
    expect(mailTo(owner)).toHaveLength(2);
  });

  it('is not sent when the member read the message in time, nor for system messages', async () => {
    const base = futureBase();
    const { owner, thread } = await threadWithMessageAt(base);
    // Read five minutes after it arrived (what mark-read does at that moment).
    await t.database.db
      .update(messageThreadParticipants)
      .set({ lastReadAt: new Date(base.getTime() + 5 * MIN) })
      .where(
        sql`${messageThreadParticipants.threadId} = ${thread.id} AND ${messageThreadParticipants.userId} = ${owner.id}`,
      );
    await addMessage(t.database.db, {
      threadId: thread.id,
      senderId: null,
      content: 'Trade accepted.',
      isSystemMessage: true,
      createdAt: new Date(base.getTime() + 6 * MIN),
    });
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 30 * MIN))).toBe(0);
    expect(mailTo(owner)).toHaveLength(0);
  });

  it('read through the API before 15 minutes: no e-mail', async () => {
    const { owner, thread } = await conversation();
    await call('POST', `/api/message-threads/${thread.id}/mark-read`, owner);
    await runUnreadMessageMail(t.ctx, new Date(Date.now() + 16 * MIN));
    expect(mailTo(owner)).toHaveLength(0);
  });

  it('two runs at once (two processes) send it once', async () => {
    const base = futureBase();
    const { owner } = await threadWithMessageAt(base);
    const at = new Date(base.getTime() + 20 * MIN);
    const sent = await Promise.all([runUnreadMessageMail(t.ctx, at), runUnreadMessageMail(t.ctx, at)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    await mail.waitFor(owner.email);
    expect(mailTo(owner)).toHaveLength(1);
  });

  it('a failed send is left to the mail queue, which sends it once', async () => {
    const base = futureBase();
    const { owner } = await threadWithMessageAt(base);
    mail.failNext(1);
    // The reminder is written to the queue; the refused send does not make a second reminder.
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 16 * MIN))).toBe(1);
    expect(await runUnreadMessageMail(t.ctx, new Date(base.getTime() + 17 * MIN))).toBe(0);
    expect(mailTo(owner)).toHaveLength(0);
    expect(await t.mailQueue.sendDue(new Date(Date.now() + 10 * MIN))).toBeGreaterThanOrEqual(1);
    await mail.waitFor(owner.email);
    expect(mailTo(owner)).toHaveLength(1);
  });
});
