import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../src/server/db/client';
import { freePort, startServerProcess, waitForHealth, type RunningProcess } from '../support/process';
import { tempDir, testDbKind } from '../support/test-database';

// These start the real program. They are about the embedded database and the process
// itself, so they run once (in the embedded project), not again on PostgreSQL.
const running: RunningProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
});
// Creating a data folder takes seconds; tests that do not need a brand-new one use a copy.
let warmDataDir = '';
beforeAll(async () => {
  if (testDbKind !== 'embedded') return;
  warmDataDir = tempDir('warm');
  const db = await openEmbedded(warmDataDir);
  await db.close();
});
function copyOfWarmDataDir(): string {
  const dir = tempDir('copy');
  fs.cpSync(warmDataDir, dir, { recursive: true });
  return dir;
}

function start(env: NodeJS.ProcessEnv) {
  const p = startServerProcess(env);
  running.push(p);
  return p;
}

describe.skipIf(testDbKind !== 'embedded')('the server process', () => {
  it('starts on a fresh data folder, answers health, and a restart is healthy within 3 s', async () => {
    const dataDir = tempDir('proc');
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    // Creating a data folder is the slow part (initdb in WebAssembly): allow a busy machine a minute.
    await waitForHealth(port, first, 60_000);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The best of two restarts: the other test files share the two cores meanwhile.
    const timings: number[] = [];
    for (let i = 0; i < 2; i++) {
      const again = start({ DATA_DIR: dataDir, PORT: String(port) });
      timings.push(await waitForHealth(port, again));
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await res.json()).toEqual({ status: 'ok', database: 'embedded' });
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
    // The budget is 3 s (docs/operations.md has the measured figure). It is a promise about
    // the app on its own machine: when other work already saturates the cores (load above
    // the core count), only a gross regression (10 s) fails the test.
    const busy = os.loadavg()[0]! > os.cpus().length;
    expect(Math.min(...timings)).toBeLessThan(busy ? 10_000 : 3000);
  });

  it('a second process on the same data folder stops with one clear line', async () => {
    const dataDir = copyOfWarmDataDir();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForHealth(port, first);
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^jigsaw-club: The database in .* is already in use by another Jigsaw Club process/);
    // The first server is untouched.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('a port in use stops start-up with one clear line', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', () => r()));
    try {
      const p = start({ DATA_DIR: copyOfWarmDataDir(), PORT: String(port) });
      expect(await p.exited).toBe(1);
      expect(p.output().trim()).toBe(
        `jigsaw-club: Port ${port} is already in use. Stop the other program or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('an unreachable DATABASE_URL stops start-up with one clear line and no password', async () => {
    const p = start({ DATABASE_URL: 'postgres://someone:secret@127.0.0.1:1/nowhere', PORT: String(await freePort()) });
    expect(await p.exited).toBe(1);
    const out = p.output().trim();
    expect(out.split('\n')).toHaveLength(1);
    expect(out).toMatch(
      /^jigsaw-club: Cannot connect to the database at postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/nowhere/,
    );
    expect(out).not.toContain('secret');
  });

  it('a bad setting stops start-up with one clear line', async () => {
    const p = start({ PORT: 'eighty' });
    expect(await p.exited).toBe(1);
    expect(p.output().trim()).toMatch(/^jigsaw-club: Configuration error: PORT: /);
  });

  it('SIGTERM lets an open request finish, then closes the database and exits 0', async () => {
    const dataDir = copyOfWarmDataDir();
    const port = await freePort();
    const p = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForHealth(port, p);

    // A request whose body is still arriving when the signal comes.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.on('connect', () => r()));
    let response = '';
    socket.on('data', (d) => (response += d.toString()));
    socket.write(
      'POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{',
    );
    await new Promise((r) => setTimeout(r, 200));
    p.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write('}');
    await new Promise<void>((r) => socket.on('close', () => r()));
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(await p.exited).toBe(0);

    // The lock is released and the database opens cleanly.
    expect(fs.existsSync(path.join(dataDir, 'jigsaw-club.lock'))).toBe(false);
    const db = await openEmbedded(dataDir);
    await db.close();
  });
});
