import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { openPostgres, type Database } from '../../src/server/db/client';
import { createListing, createMember } from '../support/factories';
import { freePort, startServerProcess, waitForHealth, type RunningProcess } from '../support/process';
import { openSse, type SseClient } from '../support/sse-client';
import { tempDir, urlForDatabase } from '../support/test-database';

// CONTRACT §4: "It works when several app processes share one PostgreSQL database." Two real
// server processes on one fresh database; a member's stream on one hears a message posted
// through the other (LISTEN/NOTIFY). PostgreSQL only: the embedded database allows one process.

const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `jc_xproc_${process.pid}_${Date.now().toString(36)}`;

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

describe.skipIf(!adminUrl)('live updates across two app processes (needs TEST_DATABASE_URL)', () => {
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

  it('a message posted through process 2 reaches a stream on process 1 within 2 s, and back', async () => {
    const url = urlForDatabase(adminUrl!, dbName);
    const [one, two] = await Promise.all([startServer(url), startServer(url)]);

    const owner = await createMember(database.db, { firstName: 'Derek' });
    const asker = await createMember(database.db, { firstName: 'Susan' });
    const listing = await createListing(database.db, owner.id);
    const ownerCookie = `jc_session=${(await createSession(database.db, owner.id, false)).token}`;
    const askerCookie = `jc_session=${(await createSession(database.db, asker.id, false)).token}`;

    const ownerStream = await openSse(`http://127.0.0.1:${one.port}/api/events`, ownerCookie);
    const askerStream = await openSse(`http://127.0.0.1:${two.port}/api/events`, askerCookie);
    streams.push(ownerStream, askerStream);
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
