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

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPostgres } from '../../src/server/db/client';
import { createLogger } from '../../src/server/http/logging';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { createMailer } from '../../src/server/mail/mailer';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { countForumBench, FORUM_POSTS, FORUM_REPLIES, forumCookies, loadForumBench } from './forum-data';
import { forumRequests, type ForumLoad } from './forum-questions';

const PG_URL = process.env.BENCH_FORUM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench_forum';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
const BUDGET_P99_MS = 50;
const MEMBERS_ASKING = 64;
const REQUESTS_PER_LOAD = 100_000;

const log = (line: string) => process.stdout.write(`${line}\n`);
const generatorScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-generator.ts');
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ') + ' (1 / 5 / 15 min)';

type LoadResult = {
  requests: { average: number };
  latency: Record<string, number>;
  errors: number;
  non2xx: number;
  timeouts: number;
  sent: number;
  distinct: number;
};

function generateLoad(
  origin: string,
  requestsFile: string | null,
  seconds: number,
  pathOnly?: string,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const options = JSON.stringify({
      origin,
      seconds,
      connections: CONNECTIONS,
      ...(requestsFile ? { requestsFile } : { path: pathOnly }),
    });
    const child = spawn(process.execPath, ['--import', 'tsx', generatorScript, options], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch {
        reject(new Error(`load generator printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`));
      }
    });
  });
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

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

  await ensureDatabase(PG_URL);
  const database = await openPostgres(PG_URL, { max: CONNECTIONS + 8 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-forum-'));
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
    }
    const cookies = await forumCookies(database.db, MEMBERS_ASKING);

    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1' }),
      clientDir: undefined,
    };
    const logger = createLogger('silent');
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: logger });
    const events = createInProcessEventBus();
    const app = await buildApp({ config, database, mailer, events, pictures: createPictureStorage(config) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      await generateLoad(origin, null, WARMUP_SECONDS, '/api/health');
      const health = await generateLoad(origin, null, SECONDS, '/api/health');
      rows.push(
        `| health (for scale) | ${Math.round(health.requests.average)} | ${health.latency.p50} | ${health.latency.p99} | - | - | - |`,
      );
      for (const { name, load, seed } of LOADS) {
        const warm = path.join(dataDir, `${load}-warm.json`);
        const measured = path.join(dataDir, `${load}.json`);
        fs.writeFileSync(warm, JSON.stringify(forumRequests(load, seed + 1000, cookies, REQUESTS_PER_LOAD / 4)));
        fs.writeFileSync(measured, JSON.stringify(forumRequests(load, seed, cookies, REQUESTS_PER_LOAD)));
        const sample = forumRequests(load, seed, cookies, 1)[0]!;
        const check = await fetch(`${origin}${sample.path}`, { headers: { cookie: sample.cookie } });
        if (check.status !== 200) throw new Error(`${sample.path} answered ${check.status}: ${await check.text()}`);
        await generateLoad(origin, warm, WARMUP_SECONDS);
        const r = await generateLoad(origin, measured, SECONDS);
        const errors = r.errors + r.timeouts + r.non2xx;
        const ok = r.latency.p99! < BUDGET_P99_MS && errors === 0;
        if (!ok) missed = true;
        rows.push(
          `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.distinct} of ${r.sent} | ${errors} | ${ok ? 'ok' : 'MISSED'} |`,
        );
      }
    } finally {
      await app.close();
      await events.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  log(
    `\nPostgreSQL, ${FORUM_POSTS.toLocaleString('en-GB')} posts and ${FORUM_REPLIES.toLocaleString('en-GB')} replies (budget: p99 < ${BUDGET_P99_MS} ms, no errors)\n`,
  );
  log('| load | req/s | p50 ms | p99 ms | distinct requests | errors | budget |');
  log('|---|---:|---:|---:|---:|---:|---|');
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
