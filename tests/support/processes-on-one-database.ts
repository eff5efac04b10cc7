import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { openPostgres, type Database } from '../../src/server/db/client';
import { freePort, startServerProcess, waitForHealth, type RunningProcess } from './process';
import { openSse, type SseClient } from './sse-client';
import { tempDir, urlForDatabase } from './test-database';

// For the tests of several real app processes sharing one PostgreSQL database (docs/product/messages.md#live-updates):
// a fresh database of their own, the servers started on it, and the streams opened to them,
// all put away after the file whatever happened. PostgreSQL only: call it inside a
// `describe.skipIf(!process.env.TEST_DATABASE_URL)` so the hooks skip with it.

export type ServerOnPort = { port: number; proc: RunningProcess };

/** One statement on the server's maintenance connection (CREATE / DROP DATABASE). */
export async function adminQuery(adminUrl: string, sqlText: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}

/** `label` names the database (`jc_<label>_…`) so a left-over one says which file made it. */
export function useProcessesOnOneDatabase(label: string) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const dbName = `jc_${label}_${process.pid}_${Date.now().toString(36)}`;
  // Without TEST_DATABASE_URL the file's describe is skipped, but this runs while it is
  // collected: no URL to build then (a newcomer's `npm test` crashed here).
  const url = adminUrl ? urlForDatabase(adminUrl, dbName) : '';
  let database: Database | undefined;
  const running: RunningProcess[] = [];
  const streams: SseClient[] = [];

  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE "${dbName}"`);
    database = await openPostgres(url, { max: 2 });
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    await database?.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  });

  return {
    /** The test's own connection to the shared database, for factories. */
    get db() {
      return database!.db;
    },

    /** A server on the shared database; `env` adds to or overrides its settings (LOG_LEVEL, say). */
    async startServer(env: NodeJS.ProcessEnv = {}): Promise<ServerOnPort> {
      const port = await freePort();
      const proc = startServerProcess({
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: tempDir('xproc'),
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        ...env,
      });
      running.push(proc);
      await waitForHealth(port, proc, 30_000);
      return { port, proc };
    },

    /** The cookie of a new session for this member, as a signed-in browser would send it. */
    async sessionCookie(memberId: number): Promise<string> {
      return `jc_session=${(await createSession(database!.db, memberId, false)).token}`;
    },

    /** The member's live stream on one server; closed after the file if the test does not. */
    async openEvents(server: ServerOnPort, cookie: string): Promise<SseClient> {
      const stream = await openSse(`http://127.0.0.1:${server.port}/api/events`, cookie);
      streams.push(stream);
      return stream;
    },
  };
}
