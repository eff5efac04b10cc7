import { spawn, type ChildProcess } from 'node:child_process';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from '../../src/server/db/client';
import { acquireDataDirLock } from '../../src/server/db/data-dir-lock';
import { puzzleListings, users } from '../../src/server/db/schema';
import { DEMO_MEMBERS } from '../../scripts/demo/members';
import { LISTINGS_BY_OWNER } from '../../scripts/demo/listings';
import { tempDir } from '../support/test-database';

// `npm run seed` as an operator runs it: a real process on a real data folder. The embedded
// database only: the lock and the kill are about PGlite's files.

type Finished = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function startSeed(dataDir: string): { child: ChildProcess; finished: Promise<Finished> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.UPLOAD_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env, cwd: process.cwd() });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, finished };
}

const addedLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('Added '));

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('npm run seed as a process', () => {
  it('killed midway with SIGKILL, a second run completes the club with whole members only', async () => {
    const dataDir = tempDir('seed-kill');
    const first = startSeed(dataDir);
    // Kill once the first member is in: the run is then inside the next member's pictures
    // or transaction.
    let seen = '';
    first.child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (addedLines(seen).length >= 1) first.child.kill('SIGKILL');
    });
    const killed = await first.finished;
    expect(killed.signal).toBe('SIGKILL');
    const addedFirst = addedLines(killed.stdout);
    expect(addedFirst.length).toBeGreaterThanOrEqual(1);
    expect(addedFirst.length).toBeLessThan(DEMO_MEMBERS.length);

    const second = await startSeed(dataDir).finished;
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    // The second run adds exactly the members the first did not finish.
    const addedSecond = addedLines(second.stdout);
    expect(addedFirst.length + addedSecond.length).toBe(DEMO_MEMBERS.length);
    expect(addedSecond.filter((line) => addedFirst.includes(line))).toEqual([]);

    // The lock of the killed run was stale and the database opens cleanly.
    const database = await openEmbedded(dataDir);
    try {
      const members = await database.db.select().from(users);
      expect(members.length).toBeGreaterThanOrEqual(12);
      for (const demo of DEMO_MEMBERS) {
        const member = members.find((m) => m.email === demo.email);
        expect(member, demo.email).toBeDefined();
        const [row] = await database.db
          .select({ n: count() })
          .from(puzzleListings)
          .where(eq(puzzleListings.userId, member!.id));
        expect(row!.n, demo.email).toBe(LISTINGS_BY_OWNER[demo.email]!.length);
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it('stops with one clear line and exit code 1 while another process holds the data folder', async () => {
    const dataDir = tempDir('seed-locked');
    // This test process plays the running server: its pid is alive and not the seed's.
    const release = acquireDataDirLock(dataDir);
    try {
      const result = await startSeed(dataDir).finished;
      expect(result.code).toBe(1);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^jigsaw-club: .*already in use/);
      expect(result.stdout).toBe('');
    } finally {
      release();
    }
  }, 60_000);
});
