// `npm run bench`: browse under load (issue 5). Loads 100,000 active listings into PostgreSQL
// and 10,000 into the embedded database, starts the real app in this process on a free port,
// and runs autocannon (in a child process, so the load generator does not share the server's
// event loop) against GET /api/health and five browse shapes. Budget on PostgreSQL, for every
// shape: p99 under 50 ms and at least 1/50 of the health route's throughput. Exits 1 when missed.
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/jc_bench, created
// when missing), BENCH_SECONDS (per shape, default 6), BENCH_RELOAD=1 (reload the data even if
// the database already holds the bench's listings), BENCH_SKIP_EMBEDDED=1, BENCH_ONLY=1,4 (only
// these shapes, for tuning; health always runs).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openEmbedded, openPostgres, type Database } from '../../src/server/db/client';
import { createLogger } from '../../src/server/http/logging';
import { createMailer } from '../../src/server/mail/mailer';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { countBenchListings, loadBenchData } from './load-data';
import { SHAPES } from './shapes';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
const PG_LISTINGS = 100_000;
const EMBEDDED_LISTINGS = 10_000;
const BUDGET_P99_MS = 50;
const BUDGET_RATIO = 1 / 50;
// BENCH_ONLY=1,4: run only these shapes (numbered from 1 in SHAPES; health always runs).
const ONLY = process.env.BENCH_ONLY?.split(',').map(Number);

type Result = {
  shape: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  // CPU spent per request by this process (the app) and by local PostgreSQL processes: where
  // the time goes, for tuning. NaN when PostgreSQL is not on this machine.
  appCpuMs: number;
  pgCpuMs: number;
};

const CLOCK_TICKS_PER_S = 100; // USER_HZ on Linux

/** CPU time (ms) of every local process named postgres, from /proc; NaN elsewhere. */
function postgresCpuMs(): number {
  try {
    let ticks = 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    }
    return (ticks * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return NaN;
  }
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const require = createRequire(import.meta.url);
const autocannonBin = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');

function autocannon(
  url: string,
  seconds: number,
): Promise<{
  requests: { average: number };
  latency: Record<string, number>;
  errors: number;
  non2xx: number;
  timeouts: number;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [autocannonBin, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`));
      }
    });
  });
}

async function runShapes(database: Database, label: string): Promise<Result[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-app-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1' }),
    clientDir: undefined,
  };
  const logger = createLogger('silent');
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: logger });
  const events = createInProcessEventBus();
  const app = await buildApp({ config, database, mailer, events });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const results: Result[] = [];
  try {
    for (const shape of SHAPES.filter((s, i) => ONLY === undefined || i === 0 || ONLY.includes(i))) {
      const url = `http://127.0.0.1:${port}${shape.path}`;
      const check = await fetch(url);
      if (check.status !== 200) throw new Error(`${shape.path} answered ${check.status}: ${await check.text()}`);
      if (shape.name !== 'health') {
        const body = (await check.json()) as { items: unknown[]; total: number; totalIsCapped: boolean };
        log(
          `  ${label} ${shape.name}: ${body.items.length} items, total ${body.total}${body.totalIsCapped ? '+' : ''}`,
        );
      }
      await autocannon(url, WARMUP_SECONDS);
      const app0 = process.cpuUsage();
      const pg0 = postgresCpuMs();
      const r = await autocannon(url, SECONDS);
      const appCpu = process.cpuUsage(app0);
      const pgCpu = postgresCpuMs() - pg0;
      const requests = Math.max(1, r.requests.average * SECONDS);
      results.push({
        appCpuMs: (appCpu.user + appCpu.system) / 1000 / requests,
        pgCpuMs: label === 'PostgreSQL' ? pgCpu / requests : NaN,
        shape: shape.name,
        rps: r.requests.average,
        p50: r.latency.p50 ?? NaN,
        p99: r.latency.p99 ?? NaN,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    }
  } finally {
    await app.close();
    await events.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

const budgeted = new Set(SHAPES.filter((s) => s.budget).map((s) => s.name));

function table(results: Result[], healthRps: number, withBudget: boolean): string {
  const lines = [
    `| shape | req/s | p50 ms | p99 ms | ratio to health | app CPU ms/req | PostgreSQL CPU ms/req |${withBudget ? ' budget |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|${withBudget ? '---|' : ''}`,
  ];
  for (const r of results) {
    const ratio = r.rps / healthRps;
    const ok = meetsBudget(r, healthRps);
    lines.push(
      `| ${r.shape} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${ratio.toFixed(3)} | ${r.appCpuMs.toFixed(2)} | ${Number.isNaN(r.pgCpuMs) ? '-' : r.pgCpuMs.toFixed(2)} |${withBudget ? (!budgeted.has(r.shape) ? ' - |' : ok ? ' ok |' : ' MISSED |') : ''}`,
    );
  }
  return lines.join('\n');
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ') + ' (1 / 5 / 15 min)';

function meetsBudget(r: Result, healthRps: number): boolean {
  return r.p99 < BUDGET_P99_MS && r.rps >= healthRps * BUDGET_RATIO && r.errors === 0 && r.non2xx === 0;
}

async function main(): Promise<void> {
  const started = Date.now();
  log(`Jigsaw Club bench: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per shape after ${WARMUP_SECONDS} s warm-up`);
  // Latency at 32 connections is 32 / throughput, so other work on the machine shows in p99.
  log(`load average before: ${loadAverage()}\n`);

  // PostgreSQL
  await ensurePostgresDatabase(PG_URL);
  const postgres = await openPostgres(PG_URL, { max: CONNECTIONS + 8 });
  let pgResults: Result[];
  try {
    const existing = await countBenchListings(postgres.db);
    if (existing !== PG_LISTINGS || process.env.BENCH_RELOAD === '1') {
      log(`PostgreSQL: loading ${PG_LISTINGS.toLocaleString('en-GB')} active listings`);
      await postgres.db.execute(sql`TRUNCATE users, puzzle_listings RESTART IDENTITY CASCADE`);
      const report = await loadBenchData(postgres.db, PG_LISTINGS, log);
      log(`  loaded in ${report.seconds.toFixed(1)} s`);
    } else {
      log(`PostgreSQL: reusing the ${existing.toLocaleString('en-GB')} listings already loaded`);
      await postgres.db.execute(sql`VACUUM ANALYZE puzzle_listings`);
    }
    pgResults = await runShapes(postgres, 'PostgreSQL');
  } finally {
    await postgres.close();
  }

  // Embedded
  let embeddedResults: Result[] = [];
  if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-embedded-'));
    const embedded = await openEmbedded(dir);
    try {
      log(`\nEmbedded: loading ${EMBEDDED_LISTINGS.toLocaleString('en-GB')} active listings`);
      const report = await loadBenchData(embedded.db, EMBEDDED_LISTINGS, log);
      log(`  loaded in ${report.seconds.toFixed(1)} s`);
      embeddedResults = await runShapes(embedded, 'Embedded');
    } finally {
      await embedded.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const pgHealth = pgResults.find((r) => r.shape === 'health')!.rps;
  log(
    `\nPostgreSQL, ${PG_LISTINGS.toLocaleString('en-GB')} active listings (budget: p99 < ${BUDGET_P99_MS} ms, req/s >= health/50)\n`,
  );
  log(table(pgResults, pgHealth, true));
  if (embeddedResults.length > 0) {
    const embeddedHealth = embeddedResults.find((r) => r.shape === 'health')!.rps;
    log(
      `\nEmbedded (PGlite), ${EMBEDDED_LISTINGS.toLocaleString('en-GB')} active listings (no budget: one in-process database)\n`,
    );
    log(table(embeddedResults, embeddedHealth, false));
  }
  log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average after: ${loadAverage()}`);

  const missed = pgResults.filter((r) => budgeted.has(r.shape) && !meetsBudget(r, pgHealth));
  if (missed.length > 0) {
    log(`\nBUDGET MISSED on PostgreSQL: ${missed.map((r) => r.shape).join(', ')}`);
    process.exitCode = 1;
  } else {
    log('\nPostgreSQL budget met for every browse shape.');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
