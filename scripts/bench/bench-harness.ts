// What the benches (run.ts, forum-run.ts) share: their PostgreSQL database created when
// missing, the real app started in this process on a free port, the load generator run in a
// child process (load-generator.ts, so it does not share the server's event loop or CPU
// accounting), and the CPU each load cost the app and the PostgreSQL backends, per request.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { startGeoStandIn } from '../../tests/support/postcode-geo-stand-in';
import { TOWN_POINTS } from './load-data';
import { queryRows, type Database } from '../../src/server/db/client';
import { createLogger } from '../../src/server/http/logging';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { createMailer } from '../../src/server/mail/mailer';
import { createMailQueue } from '../../src/server/mail/mail-queue';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { stopWantedMatching } from '../../src/server/wanted/wanted-matching-service';

export const CONNECTIONS = 32;

export const log = (line: string) => process.stdout.write(`${line}\n`);

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ') + ' (1 / 5 / 15 min)';

const generatorScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-generator.ts');

/** What the load generator asks: one path again and again, browse's varied questions, or a file of requests. */
export type Load =
  { path: string } | { varied: { seed: number; manufacturerIds: number[] } } | { requestsFile: string };

export type LoadResult = {
  requests: { average: number };
  latency: Record<string, number>;
  errors: number;
  non2xx: number;
  timeouts: number;
  sent: number;
  distinct: number;
};

/** Runs the load generator (load-generator.ts) in a child process for `seconds`. */
export function generateLoad(origin: string, load: Load, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const options = JSON.stringify({ origin, seconds, connections: CONNECTIONS, ...load });
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

/** Creates the bench's PostgreSQL database when it is missing. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
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

/**
 * The real app on a free local port, silent, with its own data directory (removed on close).
 * `env` adds settings (the club evening's TRUST_PROXY: each member from their own address);
 * `onApp` sees the app before it listens (to add a hook that times each kind of call).
 * `mailQueue`: e-mails go through the outgoing mail queue in the database, as in main.ts (the
 * publish bench, whose matching e-mails members); else straight to files.
 */
export async function startBenchApp(
  database: Database,
  options: {
    env?: Record<string, string>;
    onApp?: (app: FastifyInstance) => void;
    mailQueue?: boolean;
    matching?: boolean;
  } = {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-app-'));
  // Distance questions name the bench towns' outward codes: a local postcodes.io stand-in
  // knows them (browse remembers each place after its first look-up).
  const geo = await startGeoStandIn(TOWN_POINTS);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1', ...options.env }),
    clientDir: undefined,
    postcodeGeo: { url: geo.url },
  };
  const logger = createLogger('silent');
  const transport = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: logger });
  const mailer = options.mailQueue
    ? createMailQueue(database.db, transport, { appUrl: config.appUrl, unsubscribeSecret: undefined, log: logger })
    : transport;
  const events = createInProcessEventBus();
  const ctx = { config, database, mailer, events, pictures: createPictureStorage(config) };
  const app = await buildApp(ctx);
  // As main.ts closes: the matcher stops after the listing in hand, so the close does not wait
  // for a queue the bench's publishing left (it stays in the database for the next run).
  app.addHook('onClose', async () => stopWantedMatching(ctx));
  options.onApp?.(app);
  // `matching: false`: the matcher never starts (a publish measured alone).
  if (options.matching === false) stopWantedMatching(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await geo.close();
      await events.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CLOCK_TICKS_PER_S = 100; // USER_HZ on Linux

/** CPU time (ms) of each of these local processes, from /proc (missing: gone, or not local). */
export function cpuMsOf(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S); // utime, stime
    } catch {
      // not on this machine
    }
  }
  return times;
}

/**
 * CPU time (ms) the whole machine has worked, every process on every core (/proc/stat's user,
 * nice, system, irq and softirq; NaN off Linux). Beside the app's and PostgreSQL's own, it shows
 * what else a load costs: the load generator, the streams' process, the kernel.
 */
export function machineBusyMs(): number {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq] = fields;
    return ((user! + nice! + system! + irq! + softirq!) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return NaN;
  }
}

/**
 * The PostgreSQL processes serving the bench's database (its connections): other work on the
 * same server (other databases' tests) is not the bench's.
 */
export async function benchBackends(database: Database): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(
    database.db,
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return rows.map((r) => Number(r.pid));
}

/**
 * Runs `load` and measures the CPU it cost per request: this process (the app) and, when
 * `postgres` is given, the PostgreSQL backends serving its database (NaN when not local), and
 * the whole machine's (machineBusyMs).
 */
export async function measureLoad(
  origin: string,
  load: Load,
  seconds: number,
  postgres?: Database,
): Promise<LoadResult & { appCpuMs: number; pgCpuMs: number; machineCpuMs: number }> {
  const app0 = process.cpuUsage();
  const pg0 = postgres ? cpuMsOf(await benchBackends(postgres)) : new Map<number, number>();
  const machine0 = machineBusyMs();
  const r = await generateLoad(origin, load, seconds);
  const machineMs = machineBusyMs() - machine0;
  const appCpu = process.cpuUsage(app0);
  const pg1 = postgres ? cpuMsOf(await benchBackends(postgres)) : new Map<number, number>();
  let pgCpu = NaN;
  if (pg1.size > 0) {
    pgCpu = 0;
    // A connection opened meanwhile counts whole.
    for (const [pid, t] of pg1) pgCpu += t - (pg0.get(pid) ?? 0);
  }
  const requests = Math.max(1, r.requests.average * seconds);
  return {
    ...r,
    appCpuMs: (appCpu.user + appCpu.system) / 1000 / requests,
    pgCpuMs: pgCpu / requests,
    machineCpuMs: machineMs / requests,
  };
}

/** A CPU figure for a table: two decimals, '-' when not measured. */
export const cpuCell = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(2));
