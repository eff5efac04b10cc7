// `npm run bench`: browse under load (issues 5 and 15). Loads 100,000 active listings into
// PostgreSQL and 10,000 into the embedded database, starts the real app in this process on a
// free port, and runs autocannon (in a child process, load-generator.ts, so the load generator
// does not share the server's event loop) against GET /api/health, the repeated browse shapes
// (shapes.ts) and varied traffic (every request a different question, questions.ts).
// Budgets on PostgreSQL at 32 connections: every budgeted shape p99 under 50 ms and at least
// 1/50 of the health route's throughput; varied questions (issue 29) p99 under 25 ms and at
// least 0.35 of it. Exits 1 when one is missed.
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/jc_bench, created
// when missing), BENCH_SECONDS (per load, default 6), BENCH_RELOAD=1 (reload the data even if
// the database already holds the bench's listings), BENCH_SKIP_EMBEDDED=1, BENCH_ONLY=1,4,v
// (only these shapes, v for varied; for tuning; health always runs).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openEmbedded, openPostgres, queryRows, type Database } from '../../src/server/db/client';
import { loadBrowseIndex } from '../../src/server/listings/browse-index-sync';
import { browseStats } from '../../src/server/listings/browse-repository';
import {
  CONNECTIONS,
  cpuCell,
  ensurePostgresDatabase,
  generateLoad,
  loadAverage,
  log,
  measureLoad,
  startBenchApp,
  type Load,
} from './bench-harness';
import { countBenchListings, loadBenchData } from './load-data';
import { SHAPES } from './shapes';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const PG_LISTINGS = 100_000;
const EMBEDDED_LISTINGS = 10_000;
const BUDGET_P99_MS = 50;
const BUDGET_RATIO = 1 / 50;
const VARIED_BUDGET_P99_MS = 25;
const VARIED_BUDGET_RATIO = 0.35;
// The measured questions come from this seed; the warm-up asks others (its own seed).
const VARIED_SEED = 15;
const VARIED_WARMUP_SEED = 1015;
const VARIED = 'varied questions';
const HEALTH_AGAIN = 'health (just before)';
// BENCH_ONLY=1,4,v: run only these shapes (numbered from 1 in SHAPES; v: varied questions;
// health always runs).
const ONLY = process.env.BENCH_ONLY?.split(',');

type Result = {
  shape: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  // CPU spent per request by this process (the app) and by the PostgreSQL backends serving
  // the bench's database: where the time goes. NaN when PostgreSQL is not on this machine.
  appCpuMs: number;
  pgCpuMs: number;
  // Varied questions only: distinct questions among the requests, and what answered them.
  varied?: { sent: number; distinct: number; fromIndex: number; cardsRemembered: number; countsRemembered: number };
};

async function runLoads(database: Database, label: string): Promise<Result[]> {
  const { origin, close } = await startBenchApp(database);
  // A running server has its browse index from its first minutes; load it before measuring.
  const indexStarted = Date.now();
  const heapBefore = process.memoryUsage().heapUsed;
  await loadBrowseIndex(database.db);
  log(
    `  ${label}: browse index loaded in ${Date.now() - indexStarted} ms, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB`,
  );
  const manufacturerIds = (
    await queryRows<{ id: number }>(database.db, sql`SELECT id FROM manufacturers ORDER BY id`)
  ).map((r) => r.id);
  const loads: Array<{ name: string; load: Load; warmup: Load }> = SHAPES.filter(
    (s, i) => ONLY === undefined || i === 0 || ONLY.includes(String(i)),
  ).map((shape) => ({ name: shape.name, load: { path: shape.path }, warmup: { path: shape.path } }));
  if (ONLY === undefined || ONLY.includes('v')) {
    // The health route again, just before: other work on the machine changes from minute to
    // minute, and the varied questions are judged against the health route of their moment.
    loads.push({ name: HEALTH_AGAIN, load: { path: '/api/health' }, warmup: { path: '/api/health' } });
    loads.push({
      name: VARIED,
      load: { varied: { seed: VARIED_SEED, manufacturerIds } },
      warmup: { varied: { seed: VARIED_WARMUP_SEED, manufacturerIds } },
    });
  }
  const results: Result[] = [];
  try {
    for (const { name, load, warmup } of loads) {
      if ('path' in load) {
        const check = await fetch(`${origin}${load.path}`);
        if (check.status !== 200) throw new Error(`${load.path} answered ${check.status}: ${await check.text()}`);
        if (load.path.startsWith('/api/puzzle-listings')) {
          const body = (await check.json()) as { items: unknown[]; total: number; totalIsCapped: boolean };
          log(`  ${label} ${name}: ${body.items.length} items, total ${body.total}${body.totalIsCapped ? '+' : ''}`);
        }
      }
      await generateLoad(origin, warmup, WARMUP_SECONDS);
      const before = { ...browseStats };
      const r = await measureLoad(origin, load, SECONDS, label === 'PostgreSQL' ? database : undefined);
      const delta = (k: keyof typeof browseStats) => browseStats[k] - before[k];
      const share = (a: number, b: number) => (a + b === 0 ? NaN : a / (a + b));
      results.push({
        appCpuMs: r.appCpuMs,
        pgCpuMs: r.pgCpuMs,
        shape: name,
        rps: r.requests.average,
        p50: r.latency.p50 ?? NaN,
        p99: r.latency.p99 ?? NaN,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        varied:
          'varied' in load
            ? {
                sent: r.sent,
                distinct: r.distinct,
                fromIndex: share(delta('fromIndex'), delta('fromDatabase')),
                cardsRemembered: share(delta('cardsRemembered'), delta('cardsRead')),
                countsRemembered: share(delta('countsRemembered'), delta('countsRead')),
              }
            : undefined,
      });
    }
  } finally {
    await close();
  }
  return results;
}

const budgeted = new Set(SHAPES.filter((s) => s.budget).map((s) => s.name));

const percent = (x: number) => (Number.isNaN(x) ? '-' : `${(x * 100).toFixed(0)}%`);

function table(results: Result[], healthRps: number, withBudget: boolean): string {
  const lines = [
    `| shape | req/s | p50 ms | p99 ms | ratio to health | app CPU ms/req | PostgreSQL CPU ms/req |${withBudget ? ' budget |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|${withBudget ? '---|' : ''}`,
  ];
  for (const r of results) {
    const ratio = r.rps / healthRps;
    const verdict = budgetOf(r) === null ? ' - |' : meetsBudget(r, healthRps) ? ' ok |' : ' MISSED |';
    lines.push(
      `| ${r.shape} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${ratio.toFixed(3)} | ${cpuCell(r.appCpuMs)} | ${cpuCell(r.pgCpuMs)} |${withBudget ? verdict : ''}`,
    );
  }
  return lines.join('\n');
}

/** What answered the varied questions: how many were distinct, and what was remembered. */
function variedTable(results: Result[]): string {
  const lines = [
    '| requests | distinct questions | answered by the index | cards remembered | counts remembered |',
    '|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    if (!r.varied) continue;
    const v = r.varied;
    lines.push(
      `| ${v.sent} | ${v.distinct} (${percent(v.distinct / v.sent)}) | ${percent(v.fromIndex)} | ${percent(v.cardsRemembered)} | ${percent(v.countsRemembered)} |`,
    );
  }
  return lines.join('\n');
}

/** The throughput ratio a result is held to, or null (health, information-only shapes). */
function budgetOf(r: Result): number | null {
  if (r.shape === VARIED) return VARIED_BUDGET_RATIO;
  return budgeted.has(r.shape) ? BUDGET_RATIO : null;
}

function meetsBudget(r: Result, healthRps: number): boolean {
  const ratio = budgetOf(r);
  const p99 = r.shape === VARIED ? VARIED_BUDGET_P99_MS : BUDGET_P99_MS;
  return ratio !== null && r.p99 < p99 && r.rps >= healthRps * ratio && r.errors === 0 && r.non2xx === 0;
}

async function main(): Promise<void> {
  const started = Date.now();
  log(`Jigsaw Club bench: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per load after ${WARMUP_SECONDS} s warm-up`);
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
    pgResults = await runLoads(postgres, 'PostgreSQL');
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
      embeddedResults = await runLoads(embedded, 'Embedded');
    } finally {
      await embedded.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const report = (results: Result[], title: string, withBudget: boolean) => {
    const health = results.find((r) => r.shape === 'health')!;
    const shapes = results.filter((r) => r.shape !== VARIED && r.shape !== HEALTH_AGAIN);
    const varied = results.filter((r) => r.shape === VARIED);
    const variedHealth = results.find((r) => r.shape === HEALTH_AGAIN) ?? health;
    log(
      `\n${title}: the repeated shapes${withBudget ? ` (budget: p99 < ${BUDGET_P99_MS} ms, req/s >= health/50)` : ''}\n`,
    );
    log(table(shapes, health.rps, withBudget));
    if (varied.length > 0) {
      log(
        `\n${title}: every request a different question${withBudget ? ` (budget: p99 < ${VARIED_BUDGET_P99_MS} ms, req/s >= ${VARIED_BUDGET_RATIO} x health)` : ''}\n`,
      );
      log(table([variedHealth, ...varied], variedHealth.rps, withBudget));
      log('');
      log(variedTable(varied));
    }
  };
  report(pgResults, `PostgreSQL, ${PG_LISTINGS.toLocaleString('en-GB')} active listings`, true);
  if (embeddedResults.length > 0) {
    report(
      embeddedResults,
      `Embedded (PGlite), ${EMBEDDED_LISTINGS.toLocaleString('en-GB')} active listings (no budget: one in-process database)`,
      false,
    );
  }
  log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average after: ${loadAverage()}`);

  const pgHealth = pgResults.find((r) => r.shape === 'health')!.rps;
  const pgHealthAgain = pgResults.find((r) => r.shape === HEALTH_AGAIN)?.rps ?? pgHealth;
  const missed = pgResults.filter(
    (r) => budgetOf(r) !== null && !meetsBudget(r, r.shape === VARIED ? pgHealthAgain : pgHealth),
  );
  if (missed.length > 0) {
    log(`\nBUDGET MISSED on PostgreSQL: ${missed.map((r) => r.shape).join(', ')}`);
    process.exitCode = 1;
  } else {
    log('\nPostgreSQL budgets met for every browse load.');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
