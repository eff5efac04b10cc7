// `npm run bench:request-cost` (and part of `npm run bench`): what every request pays (issue 29
// point 4). In one run, in this one process, req/s and CPU per request of
//   - a bare Fastify route (no logger, no hooks), then the same with each of the app's
//     cross-cutting parts added one at a time (the app's logger at info, the security headers,
//     cookies and the cross-site check, sessions, the API scope's compression): each row's
//     difference from the row above is that part's share;
//   - the real app (buildApp, logger at info to /dev/null, as `npm start` logs to a pipe):
//     GET /api/health, a 404 (/api/no-such-thing), a static asset and the page at /;
//   - the real app without a logger, for the logging's share of each.
// The load generator runs in a child process (bench-harness.ts); CPU per request is this
// process's CPU time over the requests it answered, so other work on the machine barely moves
// it (req/s does). The figures are in docs/performance.md, the logging choice in
// docs/operations.md ('Logs').
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/jc_bench_requests,
// created when missing; empty: the embedded database in memory), BENCH_SECONDS (per load,
// default 5), BENCH_ROUNDS (default 3: every row measured that many times, the median shown).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { registerSessions } from '../../src/server/auth/session-plugin';
import { loadConfig } from '../../src/server/config';
import { openEmbedded, openPostgres, pingDatabase, type Database } from '../../src/server/db/client';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { registerCompression } from '../../src/server/http/compression';
import { registerCsrfCheck } from '../../src/server/http/csrf';
import { createLogger, loggingOptions } from '../../src/server/http/logging';
import { registerSecurityHeaders } from '../../src/server/http/security-headers';
import { createMailer } from '../../src/server/mail/mailer';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { ensurePostgresDatabase, loadAverage, log, measureLoad, type Load } from './bench-harness';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench_requests';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const APP_URL = 'http://127.0.0.1';
const ASSET = '/assets/app-bench1234.js';

/** A logger like production's (createLogger at info), writing to /dev/null as fast as to a pipe. */
function infoLogger(): FastifyBaseLogger {
  const sink = pino.destination({ dest: '/dev/null', sync: true });
  return createLogger('info', sink as unknown as Writable);
}

/** A small built client: index.html and one hashed asset of a typical chunk's size. */
function benchClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Jigsaw Club</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, ASSET), `export const x = ${JSON.stringify('x'.repeat(20_000))};\n`);
  return dir;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type Layer = 'logger' | 'headers' | 'cookies+csrf' | 'sessions' | 'compression';
const LAYERS: Layer[] = ['logger', 'headers', 'cookies+csrf', 'sessions', 'compression'];

/**
 * A bare Fastify app with the first `layers` of the app's cross-cutting parts, registered by
 * the app's own functions in the app's order, and one route: GET /api/bare (`ping`: asking
 * the database first, as /api/health does).
 */
async function layeredApp(layers: Layer[], database: Database, ping: boolean): Promise<FastifyInstance> {
  const app = Fastify(loggingOptions(layers.includes('logger') ? infoLogger() : undefined));
  if (layers.includes('headers')) await registerSecurityHeaders(app);
  if (layers.includes('cookies+csrf')) {
    await app.register(cookie);
    registerCsrfCheck(app, APP_URL);
  }
  if (layers.includes('sessions')) {
    const config = loadConfig({ APP_URL, LOG_LEVEL: 'silent' });
    registerSessions(app, { config, database } as never);
  }
  await app.register(
    async (api) => {
      if (layers.includes('compression')) await registerCompression(api);
      api.get('/bare', async () => {
        if (ping) await pingDatabase(database.db);
        return { status: 'ok', database: database.kind };
      });
    },
    { prefix: '/api' },
  );
  return app;
}

async function realApp(database: Database, clientDir: string, logged: boolean): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-app-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL, LOG_LEVEL: 'info' }), clientDir };
  const logger = logged ? infoLogger() : createLogger('silent');
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: logger });
  const ctx = { config, database, mailer, events: createInProcessEventBus(), pictures: createPictureStorage(config) };
  return buildApp(ctx, logged ? { logger } : {});
}

/** CPU milliseconds as whole microseconds ('-' when not measured). */
const micros = (ms: number) => (Number.isNaN(ms) ? '-' : (ms * 1000).toFixed(0)).padStart(4);

type Row = { rps: number; appCpuMs: number; pgCpuMs: number };

async function measure(origin: string, urlPath: string, database: Database): Promise<Row> {
  const load: Load = { path: urlPath };
  await measureLoad(origin, load, WARMUP_SECONDS);
  const r = await measureLoad(origin, load, SECONDS, database.kind === 'postgres' ? database : undefined);
  return { rps: r.requests.average, appCpuMs: r.appCpuMs, pgCpuMs: r.pgCpuMs };
}

/** What one row measures: an app to start, the address to load, and its name. */
type Case = { group: string; name: string; path: string; app: () => Promise<FastifyInstance> };

function cases(database: Database, clientDir: string): Case[] {
  const layered = "a bare Fastify route, then each of the app's parts added in turn (no database):";
  const list: Case[] = LAYERS.map((_, i) => ({
    group: layered,
    name: `+ ${LAYERS[i]}`,
    path: '/api/bare',
    app: () => layeredApp(LAYERS.slice(0, i + 1), database, false),
  }));
  list.unshift({ group: layered, name: 'bare route', path: '/api/bare', app: () => layeredApp([], database, false) });
  list.push({
    group: layered,
    // For comparison: Fastify's own request logging, two lines per request at info.
    name: "bare route, Fastify's request logging",
    path: '/api/bare',
    app: async () => {
      const app = Fastify({ loggerInstance: infoLogger() });
      app.get('/api/bare', async () => ({ status: 'ok', database: database.kind }));
      return app;
    },
  });
  const withDb = 'the same two ends, asking the database first (as /api/health does):';
  list.push(
    { group: withDb, name: 'bare route, with select 1', path: '/api/bare', app: () => layeredApp([], database, true) },
    {
      group: withDb,
      name: 'every part, with select 1',
      path: '/api/bare',
      app: () => layeredApp(LAYERS, database, true),
    },
  );
  for (const logged of [true, false]) {
    const group = `the app (buildApp), ${logged ? 'logging at info' : 'without a logger'}:`;
    for (const [name, path] of [
      ['GET /api/health', '/api/health'],
      ['404 GET /api/no-such-thing', '/api/no-such-thing'],
      ['static asset', ASSET],
      ['the page at /', '/'],
    ] as const) {
      list.push({ group, name, path, app: () => realApp(database, clientDir, logged) });
    }
  }
  return list;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const started = Date.now();
  log(`request cost: load average before ${loadAverage()}`);
  let database: Database;
  if (PG_URL) {
    await ensurePostgresDatabase(PG_URL);
    database = await openPostgres(PG_URL, { max: 40 });
  } else {
    database = await openEmbedded('', { inMemory: true });
  }
  log(
    `database: ${database.kind}; ${SECONDS} s per load after ${WARMUP_SECONDS} s of warm-up; ${ROUNDS} rounds through every row, the median shown`,
  );
  const clientDir = benchClientDir();
  const all = cases(database, clientDir);
  // Rounds through every row, so a change in the machine's load touches every row alike.
  const results: Row[][] = all.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of all.entries()) {
      const app = await c.app();
      results[i]!.push(await measure(await listen(app), c.path, database));
      await app.close();
    }
    log(`  round ${round + 1} done; load average ${loadAverage()}`);
  }
  let group = '';
  for (const [i, c] of all.entries()) {
    if (c.group !== group) log(`\n${(group = c.group)}`);
    const r = results[i]!;
    const rps = median(r.map((x) => x.rps));
    const app = median(r.map((x) => x.appCpuMs));
    const db = median(r.map((x) => x.pgCpuMs));
    log(
      `  ${c.name.padEnd(40)} ${rps.toFixed(0).padStart(6)} req/s  app ${micros(app)} µs/req  database ${micros(db)} µs/req`,
    );
  }
  await database.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
  log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average after ${loadAverage()}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
