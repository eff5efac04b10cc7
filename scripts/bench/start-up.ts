// `npm run bench:start-up`: how long `npm start` (node scripts/start.mjs) takes to a healthy
// /api/health, the figure README.md and docs/operations.md state (issue 29 point 5). Starts the
// real program BENCH_STARTS times (default 7) on a seeded embedded data folder and on a seeded
// PostgreSQL database, each time from a new process to the first 200 from /api/health (polled
// every 10 ms), then SIGTERM; reports the median, the fastest and the slowest, with the load
// average. The client is built first if it is stale (not counted: `npm start` does it once).
//
// Environment: BENCH_STARTS, BENCH_START_DATA_DIR (default: a folder in the system's temporary
// folder, seeded once and kept), BENCH_START_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/jc_bench_start, created and seeded when missing; empty:
// embedded only).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../../src/server/db/client';
import { freePort } from '../../tests/support/process';
// @ts-expect-error -- a plain .mjs build helper without type declarations
import { buildClientIfStale } from '../client-build.mjs';
import { ensurePostgresDatabase, loadAverage, log } from './bench-harness';

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const DATA_DIR = process.env.BENCH_START_DATA_DIR ?? path.join(os.tmpdir(), 'jc-bench-start-data');
const PG_URL = process.env.BENCH_START_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench_start';
const root = path.resolve(import.meta.dirname, '../..');
const ENV = { LOG_LEVEL: 'warn', POSTCODE_GEO_URL: 'off', NODE_ENV: 'production' };

function seed(env: NodeJS.ProcessEnv): void {
  const out = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
    cwd: root,
    env: { ...process.env, ...ENV, ...env },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`seeding failed: ${out.stdout}${out.stderr}`);
}

/** CPU milliseconds a local process has used so far (utime + stime, from /proc). */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ
}

type Start = { ms: number; cpuMs: number };

/**
 * One start: milliseconds from spawning `node scripts/start.mjs` to a 200 from /api/health,
 * and the CPU time the process had used by then (which other work on the machine barely moves).
 */
async function startOnce(env: NodeJS.ProcessEnv): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...ENV, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  try {
    while (!done) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return { ms: performance.now() - started, cpuMs: cpuMsOf(child.pid!) };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`the server exited before it was healthy: ${err}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function measure(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  await startOnce(env); // the first start after seeding may still find work (a checkpoint); not counted
  const starts: Start[] = [];
  for (let i = 0; i < STARTS; i++) starts.push(await startOnce(env));
  const times = starts.map((t) => t.ms).sort((a, b) => a - b);
  const cpu = starts.map((t) => t.cpuMs).sort((a, b) => a - b);
  const median = (values: number[]) => values[Math.floor(values.length / 2)]!;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  log(
    `  ${label}: median ${s(median(times))} s to a healthy /api/health (fastest ${s(times[0]!)}, slowest ${s(times.at(-1)!)}, ${STARTS} starts), ` +
      `CPU ${s(median(cpu))} s (${s(cpu[0]!)}-${s(cpu.at(-1)!)}); load average ${loadAverage()}`,
  );
}

async function main(): Promise<void> {
  log(`start-up: load average before ${loadAverage()}`);
  buildClientIfStale();
  if (!fs.existsSync(path.join(DATA_DIR, 'db'))) {
    log(`  seeding the embedded data folder ${DATA_DIR} (once)`);
    fs.mkdirSync(DATA_DIR, { recursive: true });
    seed({ DATA_DIR });
  }
  await measure('embedded', { DATA_DIR });
  if (PG_URL) {
    await ensurePostgresDatabase(PG_URL);
    const database = await openPostgres(PG_URL);
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM users`);
    await database.close();
    if (!row?.n) {
      log('  seeding the PostgreSQL database (once)');
      seed({ DATABASE_URL: PG_URL, DATA_DIR: path.join(os.tmpdir(), 'jc-bench-start-pg-files') });
    }
    await measure('PostgreSQL', { DATABASE_URL: PG_URL, DATA_DIR: path.join(os.tmpdir(), 'jc-bench-start-pg-files') });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
