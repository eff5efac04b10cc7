// `npm run bench:forum` (issue 11): the forum under load on PostgreSQL. Loads 10,000 posts and
// 200,000 replies (forum-data.ts) into its own database, starts the real app in this process
// on a free port and runs autocannon in a child process (load-generator.ts) at 32 connections
// against three loads, every request a different member, post, category, word or page
// (forum-questions.ts): the post list (all and per category, pages 1-5), search (a word, with
// or without a category, pages 1-5) and an open post with 100 replies (its detail, which
// counts a view and moves the reading position, or its replies).
// Budget: p99 under 50 ms, no errors. Exits 1 when one is missed.
//
// Environment: BENCH_FORUM_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/jc_bench_forum,
// created when missing), BENCH_SECONDS (per load, default 6), BENCH_RELOAD=1 (reload the data).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/server/db/client';
import {
  CONNECTIONS,
  cpuCell,
  ensurePostgresDatabase,
  generateLoad,
  loadAverage,
  log,
  measureLoad,
  startBenchApp,
} from './bench-harness';
import { countForumBench, FORUM_POSTS, FORUM_REPLIES, forumCookies, loadForumBench } from './forum-data';
import { forumRequests, type ForumLoad } from './forum-questions';

const PG_URL = process.env.BENCH_FORUM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench_forum';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const BUDGET_P99_MS = 50;
const MEMBERS_ASKING = 64;
const REQUESTS_PER_LOAD = 100_000;
// BENCH_ONLY=list,open: only these loads (for tuning; health always runs).
const ONLY = process.env.BENCH_ONLY?.split(',');

const LOADS: Array<{ name: string; load: ForumLoad; seed: number }> = [
  { name: 'post list (all and per category, pages 1-5)', load: 'list', seed: 11 },
  { name: 'search (a word, any category, pages 1-5)', load: 'search', seed: 12 },
  { name: 'open post with 100 replies (detail or replies)', load: 'open', seed: 13 },
];

async function main(): Promise<void> {
  const started = Date.now();
  log(
    `Jigsaw Club forum bench: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
  );
  log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per load after ${WARMUP_SECONDS} s warm-up`);
  log(`load average before: ${loadAverage()}\n`);

  await ensurePostgresDatabase(PG_URL);
  const database = await openPostgres(PG_URL, { max: CONNECTIONS + 8 });
  const requestsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-forum-'));
  const rows: string[] = [];
  let missed = false;
  try {
    const have = await countForumBench(database.db);
    if (have.posts !== FORUM_POSTS || have.replies !== FORUM_REPLIES || process.env.BENCH_RELOAD === '1') {
      log(
        `PostgreSQL: loading ${FORUM_POSTS.toLocaleString('en-GB')} posts and ${FORUM_REPLIES.toLocaleString('en-GB')} replies`,
      );
      await loadForumBench(database.db, log);
    } else {
      log('PostgreSQL: reusing the forum already loaded');
      // A migration since the load may have added a column (search_text) without statistics,
      // and the search's plan depends on them: a few milliseconds on 10,000 posts.
      await database.db.execute(sql`ANALYZE community_posts`);
    }
    const cookies = await forumCookies(database.db, MEMBERS_ASKING);

    const { origin, close } = await startBenchApp(database);
    try {
      await generateLoad(origin, { path: '/api/health' }, WARMUP_SECONDS);
      const health = await measureLoad(origin, { path: '/api/health' }, SECONDS, database);
      rows.push(
        `| health (for scale) | ${Math.round(health.requests.average)} | ${health.latency.p50} | ${health.latency.p99} | ${cpuCell(health.appCpuMs)} | ${cpuCell(health.pgCpuMs)} | - | - | - |`,
      );
      for (const { name, load, seed } of LOADS.filter((l) => ONLY === undefined || ONLY.includes(l.load))) {
        const warm = path.join(requestsDir, `${load}-warm.json`);
        const measured = path.join(requestsDir, `${load}.json`);
        fs.writeFileSync(warm, JSON.stringify(forumRequests(load, seed + 1000, cookies, REQUESTS_PER_LOAD / 4)));
        fs.writeFileSync(measured, JSON.stringify(forumRequests(load, seed, cookies, REQUESTS_PER_LOAD)));
        const sample = forumRequests(load, seed, cookies, 1)[0]!;
        const check = await fetch(`${origin}${sample.path}`, { headers: { cookie: sample.cookie } });
        if (check.status !== 200) throw new Error(`${sample.path} answered ${check.status}: ${await check.text()}`);
        await generateLoad(origin, { requestsFile: warm }, WARMUP_SECONDS);
        const r = await measureLoad(origin, { requestsFile: measured }, SECONDS, database);
        const errors = r.errors + r.timeouts + r.non2xx;
        const ok = r.latency.p99! < BUDGET_P99_MS && errors === 0;
        if (!ok) missed = true;
        rows.push(
          `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${cpuCell(r.appCpuMs)} | ${cpuCell(r.pgCpuMs)} | ${r.distinct} of ${r.sent} | ${errors} | ${ok ? 'ok' : 'MISSED'} |`,
        );
      }
    } finally {
      await close();
    }
  } finally {
    await database.close();
    fs.rmSync(requestsDir, { recursive: true, force: true });
  }
  log(
    `\nPostgreSQL, ${FORUM_POSTS.toLocaleString('en-GB')} posts and ${FORUM_REPLIES.toLocaleString('en-GB')} replies (budget: p99 < ${BUDGET_P99_MS} ms, no errors)\n`,
  );
  log(
    '| load | req/s | p50 ms | p99 ms | app CPU ms/req | PostgreSQL CPU ms/req | distinct requests | errors | budget |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) log(row);
  log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average after: ${loadAverage()}`);
  if (missed) {
    log('\nBUDGET MISSED on the forum');
    process.exitCode = 1;
  } else {
    log('\nForum budgets met.');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`forum bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
