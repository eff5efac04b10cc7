import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { openPostgres, type Database } from '../../src/server/db/client';
import { createListing, createMember } from '../support/factories';
import { freePort, startServerProcess, waitForHealth, type RunningProcess } from '../support/process';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { adminQuery } from '../support/processes-on-one-database';
import { openSse, type SseClient } from '../support/sse-client';
import { tempDir, urlForDatabase } from '../support/test-database';

// Issue 17, the proof: three real app processes on one PostgreSQL database, pictures in the
// S3 stand-in, behind a small round-robin proxy made here (as nginx or Caddy would be, passing
// server-sent events through unbuffered). Every request through the proxy lands on a
// different process than the one before. PostgreSQL only: the embedded database allows one
// process.

const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `jc_scale_${process.pid}_${Date.now().toString(36)}`;

type Proxy = { url: string; landed: number[]; close(): Promise<void> };

/**
 * Round robin over `ports`. Bodies are piped both ways as they come (an SSE stream's events
 * pass at once), the client's address goes on in X-Forwarded-For (the processes run with
 * TRUST_PROXY=true), and a client that goes away closes its upstream request.
 */
async function startProxy(ports: number[]): Promise<Proxy> {
  const landed: number[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const which = next++ % ports.length;
    landed.push(which);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[which],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    landed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let database: Database;
let standIn: S3StandIn;
let proxy: Proxy;
const servers: { port: number; proc: RunningProcess; url: string }[] = [];
const streams: SseClient[] = [];

type Member = { id: number; cookie: string };
async function member(firstName: string, points?: number): Promise<Member> {
  const m = await createMember(database.db, { firstName, points });
  return { id: m.id, cookie: `jc_session=${(await createSession(database.db, m.id, false)).token}` };
}

function call(base: string, method: string, path: string, who?: Member, body?: object) {
  return fetch(`${base}${path}`, {
    method,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}
const viaProxy = (method: string, path: string, who?: Member, body?: object) =>
  call(proxy.url, method, path, who, body);

type Card = { id: number; title: string; ownerTown: string | null };
async function browse(base: string, q: string): Promise<Card[]> {
  const res = await call(base, 'GET', `/api/puzzle-listings?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Card[] }).items;
}

/** Asks until `check` holds, for at most `withinMs`; how long it took. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!adminUrl)('three app processes behind one proxy (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    await adminQuery(adminUrl!, `CREATE DATABASE "${dbName}"`);
    const url = urlForDatabase(adminUrl!, dbName);
    // Migrated once here; the processes find it done.
    database = await openPostgres(url, { max: 3 });
    standIn = await startS3StandIn();
    let proxyUrl = '';
    // The proxy needs the ports, the processes its address (APP_URL): ports first.
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    proxy = await startProxy(ports);
    proxyUrl = proxy.url;
    await Promise.all(
      ports.map(async (port, i) => {
        const proc = startServerProcess({
          DATABASE_URL: url,
          // As behind PgBouncer: LISTEN (and the migration lock) on a session of their own.
          DATABASE_LISTEN_URL: `${url}?application_name=jc_scale_listen`,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: tempDir(`scale-${i + 1}`),
          APP_URL: proxyUrl,
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'warn',
          ...standIn.env,
        });
        servers[i] = { port, proc, url: `http://127.0.0.1:${port}` };
        await waitForHealth(port, proc, 45_000);
      }),
    );
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await proxy?.close();
    for (const { proc } of servers) if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
    const codes = await Promise.all(servers.map((s) => s.proc.exited));
    await database?.close();
    await standIn?.close();
    if (adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    // Every process stopped cleanly.
    expect(codes).toEqual([0, 0, 0]);
  });

  it('a whole trade: request, accept, ship, receive, feedback from both', async () => {
    const requester = await member('Hilary', 10);
    const owner = await member('Trevor');
    const listing = await createListing(database.db, owner.id, { title: 'Canterbury Cathedral' });

    const request = await viaProxy('POST', '/api/trade-requests', requester, { puzzleListingId: listing.id });
    expect(request.status, await request.clone().text()).toBe(201);
    const { id } = (await request.json()) as { id: number };
    for (const [step, who] of [
      ['accept', owner],
      ['ship', owner],
      ['confirm-delivery', requester],
    ] as const) {
      const answer = await viaProxy('POST', `/api/trade-requests/${id}/${step}`, who);
      expect(answer.status, `${step}: ${await answer.clone().text()}`).toBe(200);
    }
    for (const [who, rating] of [
      [requester, 5],
      [owner, 4],
    ] as const) {
      const res = await viaProxy('POST', `/api/trade-requests/${id}/feedback`, who, {
        rating,
        comment: 'Beautifully packed and arrived quickly.',
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const trade = await viaProxy('GET', `/api/trade-requests/${id}`, requester);
    expect(await trade.json()).toMatchObject({ id, status: 'completed' });
    const feedback = await viaProxy('GET', `/api/trade-requests/${id}/feedback`, owner);
    expect(await feedback.json()).toMatchObject({
      given: { rating: 4, isVisible: true },
      received: { rating: 5, isVisible: true },
    });
  });

  it('a conversation with live updates: each stream, open through the proxy, hears messages posted through another process', async () => {
    const owner = await member('Derek');
    const asker = await member('Susan');
    const listing = await createListing(database.db, owner.id);
    const ownerStream = await openSse(`${proxy.url}/api/events`, owner.cookie);
    const askerStream = await openSse(`${proxy.url}/api/events`, asker.cookie);
    streams.push(ownerStream, askerStream);
    expect(ownerStream.headers.get('content-type')).toContain('text/event-stream');
    expect(await ownerStream.next('unread-count')).toEqual({ type: 'unread-count', data: { count: 0 } });
    await askerStream.next('unread-count');

    const started = Date.now();
    const res = await viaProxy('POST', '/api/message-threads', asker, {
      subject: 'Across processes',
      puzzleListingId: listing.id,
      recipientId: owner.id,
      initialMessage: 'Hello through the proxy',
    });
    expect(res.status).toBe(201);
    const { id: threadId } = (await res.json()) as { id: number };
    expect(await ownerStream.next('message', 2000)).toEqual({ type: 'message', data: { threadId } });
    expect(await ownerStream.next('unread-count', 2000)).toEqual({ type: 'unread-count', data: { count: 1 } });
    expect(Date.now() - started).toBeLessThan(2000);

    const reply = await viaProxy('POST', `/api/message-threads/${threadId}/messages`, owner, { content: 'And back' });
    expect(reply.status).toBe(201);
    expect(await askerStream.next('message', 2000)).toEqual({ type: 'message', data: { threadId } });

    // Each process LISTENs on its DATABASE_LISTEN_URL session.
    const listening = await database.pool!.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'jc_scale_listen' AND datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    expect(listening.rows[0]!.n).toBe(3);
  });

  it("a forum reply through the proxy: the author's stream hears it and the notice links to the reply", async () => {
    const author = await member('Joan');
    const replier = await member('Frank');
    const created = await viaProxy('POST', '/api/community/posts', author, {
      title: 'Three processes, one club',
      content: 'Does this reach everyone, whichever process answers?',
      category: 'general',
    });
    expect(created.status).toBe(201);
    const { id: postId } = (await created.json()) as { id: number };
    const authorStream = await openSse(`${proxy.url}/api/events`, author.cookie);
    streams.push(authorStream);
    await authorStream.next('unread-count');

    const started = Date.now();
    const reply = await viaProxy('POST', `/api/community/posts/${postId}/replies`, replier, {
      content: 'It does, from another process.',
    });
    expect(reply.status).toBe(201);
    const { id: replyId } = (await reply.json()) as { id: number };
    const bell = await authorStream.next('notification', 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    const list = await viaProxy('GET', '/api/notifications', author);
    const items = (await list.json()) as Array<{ id: number; link: string }>;
    expect(items[0]).toMatchObject({
      id: (bell.data as { id: number }).id,
      link: `/community?post=${postId}&reply=${replyId}`,
    });
  });

  it("a member's picture uploaded through process 1 is shown by process 3 (and through the proxy)", async () => {
    const uploader = await member('Margaret');
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${servers[0]!.url}/api/uploads`, {
      method: 'POST',
      body: form,
      headers: { cookie: uploader.cookie },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    for (const base of [servers[2]!.url, proxy.url]) {
      const shown = await fetch(`${base}${url}`);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(64);
    }
  });

  it('a listing changed through process 2 (title, owner town, archived) shows so in browse on process 1 within 1 s', async () => {
    const owner = await member('Gillian');
    const word = `scaleout${Date.now().toString(36)}`;
    const listing = await createListing(database.db, owner.id, { title: `Harbour ${word}` });
    const [one, two] = [servers[0]!.url, servers[1]!.url];
    // Process 1 answers, and remembers the card.
    expect((await browse(one, word)).map((c) => c.title)).toEqual([`Harbour ${word}`]);

    const edited = await call(two, 'PATCH', `/api/puzzle-listings/${listing.id}`, owner, {
      title: `Lighthouse ${word}`,
      pieces: listing.pieces,
      condition: listing.condition,
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    await within(1000, async () => (await browse(one, word))[0]?.title === `Lighthouse ${word}`);

    const moved = await call(two, 'PATCH', '/api/profile', owner, {
      firstName: 'Gillian',
      lastName: 'Pryce',
      town_or_city: 'Whitby',
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await within(1000, async () => (await browse(one, word))[0]?.ownerTown === 'Whitby');

    const archived = await call(two, 'PATCH', `/api/puzzle-listings/${listing.id}`, owner, { status: 'archived' });
    expect(archived.status, await archived.clone().text()).toBe(200);
    await within(1000, async () => (await browse(one, word)).length === 0);
  });

  it('the per-IP sign-in limit and the per-address reset-mail limit refuse through the proxy at the same count as one process', async () => {
    // 100 sign-ins per network in 15 minutes (quick invalid ones: the limit counts every call),
    // spread over the three processes; the 101st is refused by whichever process gets it.
    for (let i = 0; i < 100; i++) {
      const res = await viaProxy('POST', '/api/auth/login', undefined, { email: 'quick@example.org', password: '' });
      expect(res.status, `sign-in ${i + 1}`).toBe(400);
    }
    for (let i = 0; i < 3; i++) {
      const refused = await viaProxy('POST', '/api/auth/login', undefined, {
        email: 'quick@example.org',
        password: '',
      });
      expect(refused.status).toBe(429);
    }

    // 5 reset e-mails per address in 15 minutes.
    const email = `reset.${Date.now().toString(36)}@example.org`;
    for (let i = 0; i < 5; i++) {
      expect((await viaProxy('POST', '/api/auth/forgot-password', undefined, { email })).status).toBe(200);
    }
    const refused = await viaProxy('POST', '/api/auth/forgot-password', undefined, { email });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Too many e-mails have been asked for this address. Please wait 15 minutes and try again.',
    );
  });

  it('every request through the proxy landed on a different process than the one before, and on all three', () => {
    expect(proxy.landed.length).toBeGreaterThan(100);
    expect(proxy.landed.filter((which, i) => i > 0 && which === proxy.landed[i - 1])).toEqual([]);
    expect(new Set(proxy.landed)).toEqual(new Set([0, 1, 2]));
  });
});
