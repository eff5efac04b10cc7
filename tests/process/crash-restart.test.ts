import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../src/server/db/client';
import { acquireDataDirLock, DataDirLockedError } from '../../src/server/db/data-dir-lock';
import { freePort, repoRoot } from '../support/process';
import { tempDir, testDbKind } from '../support/test-database';

// A restart right after a crash must start. A process killed with SIGKILL stays a zombie
// until its parent reaps it, and a supervisor may take its time: the data folder lock must
// see that its holder has ended all the same (src/server/db/data-dir-lock.ts).
//
// The processes here are started the way such a supervisor would leave them: a shell starts
// the program in the background and becomes `sleep`, which never reaps it, so a killed
// program stays a zombie for as long as the test lets it.

type Unreaped = { pid: number; wrapper: ChildProcess; output(): string };
const started: Unreaped[] = [];

async function startUnreaped(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Unreaped> {
  const wrapper = spawn('sh', ['-c', '"$0" "$@" & echo "pid $!"; exec sleep 600', process.execPath, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  wrapper.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  wrapper.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const pid = await until(
    () => Number(out.match(/^pid (\d+)$/m)?.[1]) || undefined,
    'the pid',
    () => out,
  );
  const unreaped = { pid, wrapper, output: () => out };
  started.push(unreaped);
  return unreaped;
}

/** The process's state letter from /proc (R, S, Z…), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** Polls `check` until it gives a value (a condition, not a fixed wait). */
async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, detail = () => '') {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${what} within 60 s\n${detail()}`);
}

async function killToZombie(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  await until(() => (stateOf(pid) === 'Z' ? true : undefined), `zombie ${pid}`);
}

afterEach(() => {
  // The wrapper's end hands its zombies to init, which reaps them.
  for (const { pid, wrapper } of started.splice(0)) {
    if (stateOf(pid) !== undefined) process.kill(pid, 'SIGKILL');
    wrapper.kill('SIGKILL');
  }
});

describe.skipIf(testDbKind !== 'embedded' || !fs.existsSync('/proc/self/stat'))('the data folder lock', () => {
  const holdLock = (dir: string) => startUnreaped(['--import', 'tsx', 'tests/support/hold-data-dir-lock.ts', dir]);
  const lockFile = (dir: string) => path.join(dir, 'jigsaw-club.lock');

  it('refuses while its holder runs, and is taken over once the holder is killed, though still a zombie', async () => {
    const dir = tempDir('lock');
    const holder = await holdLock(dir);
    await until(() => (holder.output().includes('locked') ? true : undefined), 'lock', holder.output);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`pid ${holder.pid}`);

    await killToZombie(holder.pid);
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('is taken over when its pid now belongs to another process (a different start time)', async () => {
    const dir = tempDir('lock-reused');
    const other = await startUnreaped(['-e', 'setInterval(() => {}, 60000)']);
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // The lock of an earlier process that had the same pid.
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: other.pid, startTime: '1', bootId }));
    acquireDataDirLock(dir)();
    // Or the same pid in an earlier boot of the machine.
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: other.pid, startTime: '1', bootId: 'an-earlier-boot' }));
    acquireDataDirLock(dir)();
  });

  it('still honours a lock file of an older version (a pid only) while that process runs', async () => {
    const dir = tempDir('lock-old');
    const other = await startUnreaped(['-e', 'setInterval(() => {}, 60000)']);
    fs.writeFileSync(lockFile(dir), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    await killToZombie(other.pid);
    acquireDataDirLock(dir)();
  });
});

describe.skipIf(testDbKind !== 'embedded' || !fs.existsSync('/proc/self/stat'))('the server after SIGKILL', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = tempDir('crash');
    const db = await openEmbedded(dataDir);
    await db.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function healthy(port: number, server: Unreaped): Promise<void> {
    await until(
      async () => {
        if (stateOf(server.pid) === undefined || stateOf(server.pid) === 'Z') {
          throw new Error(`the server ended:\n${server.output()}`);
        }
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          return res.ok ? ((await res.json()) as { database: string }) : undefined;
        } catch {
          return undefined; // not listening yet
        }
      },
      'health',
      server.output,
    );
  }

  it('restarted within 0.5 s of a SIGKILL, while the killed process is still a zombie, it starts and answers: five times', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    let server = await startUnreaped(['--import', 'tsx', 'src/server/main.ts'], env);
    await healthy(port, server);
    for (let round = 0; round < 5; round++) {
      const killedAt = Date.now();
      await killToZombie(server.pid);
      const killed = server;
      server = await startUnreaped(['--import', 'tsx', 'src/server/main.ts'], env);
      expect(Date.now() - killedAt).toBeLessThan(500);
      await healthy(port, server);
      // The killed one was a zombie all along: the lock was taken from it, not from a reaped process.
      expect(stateOf(killed.pid)).toBe('Z');
      expect(server.output()).not.toMatch(/already in use/);
    }
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', database: 'embedded' });
  });
});
