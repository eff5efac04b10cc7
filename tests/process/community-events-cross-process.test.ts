import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { openPostgres, type Database } from '../../src/server/db/client';
import { createMember } from '../support/factories';
import { freePort, startServerProcess, waitForHealth, type RunningProcess } from '../support/process';
import { openSse, type SseClient } from '../support/sse-client';
import { tempDir, urlForDatabase } from '../support/test-database';

// CONTRACT §5 "Live": a forum reply posted through one app process reaches, within 2 s, the
// open pages on another process sharing the PostgreSQL database: every member's `community
// {postId}` (the open post refreshes) and the post author's bell (`notification`).
// PostgreSQL only: the embedded database allows one process.

const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `jc_xforum_${process.pid}_${Date.now().toString(36)}`;

let database: Database;
const running: RunningProcess[] = [];
const streams: SseClient[] = [];

async function adminQuery(sqlText: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}

async function startServer(url: string): Promise<{ port: number; proc: RunningProcess }> {
  const port = await freePort();
  const proc = startServerProcess({
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: tempDir('xproc'),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  });
  running.push(proc);
  await waitForHealth(port, proc, 30_000);
  return { port, proc };
}

describe.skipIf(!adminUrl)('the forum live across two app processes (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE "${dbName}"`);
    database = await openPostgres(urlForDatabase(adminUrl!, dbName), { max: 2 });
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    await database?.close();
    if (adminUrl) await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  });

  it('a reply through process 2 reaches the author and a reader on process 1 within 2 s', async () => {
    const url = urlForDatabase(adminUrl!, dbName);
    const [one, two] = await Promise.all([startServer(url), startServer(url)]);

    const author = await createMember(database.db, { firstName: 'Margaret' });
    const reader = await createMember(database.db, { firstName: 'Derek' });
    const replier = await createMember(database.db, { firstName: 'Susan' });
    const cookie = async (id: number) => `jc_session=${(await createSession(database.db, id, false)).token}`;
    const [authorCookie, readerCookie, replierCookie] = await Promise.all([
      cookie(author.id),
      cookie(reader.id),
      cookie(replier.id),
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

    const authorStream = await openSse(`http://127.0.0.1:${one.port}/api/events`, authorCookie);
    const readerStream = await openSse(`http://127.0.0.1:${one.port}/api/events`, readerCookie);
    streams.push(authorStream, readerStream);
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
