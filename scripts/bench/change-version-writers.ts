// `npx tsx scripts/bench/change-version-writers.ts`: what the browse index's change-version row
// (migration 0012_browse_index_changes: every committing transaction that changed a listing or
// an owner's location takes the lock of the one row of browse_index_version, at commit) costs
// under many writers (issue 29 point 6; docs/operations.md, 'Past one machine').
// N writers (separate connections), each in a loop: BEGIN; UPDATE one random active listing;
// COMMIT. The same run with the browse index's triggers switched off for the session
// (session_replication_role = replica: no change noted, no version taken) shows what the row
// and its notes add. While writers run, pg_stat_activity is sampled every 20 ms for writers
// waiting on a lock (the version row: Lock/transactionid or Lock/tuple).
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/jc_bench, a
// database holding the bench's listings, load-data.ts), BENCH_WRITERS (default 1,4,16,64),
// BENCH_SECONDS (per run, default 5).

import pg from 'pg';
import { loadAverage, log } from './bench-harness';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench';
const WRITERS = (process.env.BENCH_WRITERS ?? '1,4,16,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

type Run = { commitsPerS: number; p50: number; p99: number; waitingShare: number; versionWaitShare: number };

async function run(writers: number, withVersion: boolean, ids: number[]): Promise<Run> {
  const clients = await Promise.all(
    Array.from({ length: writers }, async () => {
      const client = new pg.Client({ connectionString: URL });
      await client.connect();
      if (!withVersion) await client.query("SET session_replication_role = 'replica'");
      return client;
    }),
  );
  const pids = new Set(clients.map((c) => (c as unknown as { processID: number }).processID));
  const monitor = new pg.Client({ connectionString: URL });
  await monitor.connect();
  const latencies: number[] = [];
  let samples = 0;
  let waiting = 0;
  let versionWaits = 0;
  const until = performance.now() + SECONDS * 1000;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await monitor.query<{ pid: number; wait: string | null; query: string }>(
        "SELECT pid, wait_event_type || '/' || wait_event AS wait, query FROM pg_stat_activity WHERE pid = ANY($1)",
        [[...pids]],
      );
      for (const r of rows) {
        samples++;
        if (r.wait?.startsWith('Lock/')) {
          waiting++;
          // Waiting at COMMIT is waiting for the version row (taken by the deferred trigger).
          if (/^COMMIT/i.test(r.query)) versionWaits++;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const id = ids[Math.floor(Math.random() * ids.length)]!;
        const started = performance.now();
        await client.query('BEGIN');
        await client.query('UPDATE puzzle_listings SET puzzle_points = puzzle_points WHERE id = $1', [id]);
        await client.query('COMMIT');
        latencies.push(performance.now() - started);
      }
    }),
  );
  sampling = false;
  await sampler;
  await monitor.end();
  await Promise.all(clients.map((c) => c.end()));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
  return {
    commitsPerS: latencies.length / SECONDS,
    p50: at(0.5),
    p99: at(0.99),
    waitingShare: samples ? waiting / samples : 0,
    versionWaitShare: samples ? versionWaits / samples : 0,
  };
}

async function main(): Promise<void> {
  log(`change-version row under many writers; load average before ${loadAverage()}`);
  const setup = new pg.Client({ connectionString: URL });
  await setup.connect();
  const { rows } = await setup.query<{ id: number }>("SELECT id FROM puzzle_listings WHERE status = 'active'");
  await setup.end();
  const ids = rows.map((r) => r.id);
  log(`${ids.length} active listings; ${SECONDS} s per run; each transaction updates one random listing\n`);
  const pct = (share: number) => `${(share * 100).toFixed(0)} %`;
  for (const writers of WRITERS) {
    for (const withVersion of [false, true]) {
      const r = await run(writers, withVersion, ids);
      log(
        `  ${String(writers).padStart(3)} writers, ${withVersion ? 'with the version row' : 'triggers off        '}: ` +
          `${r.commitsPerS.toFixed(0).padStart(5)} commits/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
          `writers waiting on a lock ${pct(r.waitingShare)} (at COMMIT ${pct(r.versionWaitShare)}); load average ${loadAverage()}`,
      );
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
