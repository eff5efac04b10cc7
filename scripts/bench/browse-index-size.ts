// `npx tsx scripts/bench/browse-index-size.ts`: what one app process's browse index costs as a
// club grows (issue 29 point 6; docs/operations.md, 'Past one machine'). For each size it
// fills a PostgreSQL database of its own with that many active listings (load-data.ts; kept
// for the next run), then, in a fresh Node process each time (so nothing else is on the heap):
//   - the index alone: from the first browse until browse answers from the index (wall time and
//     this process's CPU time, which other work on the machine barely moves), and the heap it
//     added (after a full garbage collection);
//   - the index and its cards (what a process holds once warm, loadBrowseIndex): the time and
//     heap both take.
// Sizes: BENCH_SIZES (default 25000,50000,100000), databases BENCH_DATABASE_PREFIX (default
// postgres://postgres@127.0.0.1:5432/jc_bench_index_) + size.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../../src/server/db/client';
import { currentBrowse, loadBrowseIndex } from '../../src/server/listings/browse-index-sync';
import { ensurePostgresDatabase, loadAverage, log } from './bench-harness';
import { countBenchListings, loadBenchData } from './load-data';

const PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'postgres://postgres@127.0.0.1:5432/jc_bench_index_';
const SIZES = (process.env.BENCH_SIZES ?? '25000,50000,100000').split(',').map(Number);

type Measured = { ms: number; cpuMs: number; heapMb: number; rssMb: number };

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => bytes / 1e6;

/** In the child: one measurement of `what` on the database at `url`, printed as JSON. */
async function child(url: string, what: 'index' | 'cards'): Promise<void> {
  const database = await openPostgres(url, { migrate: false });
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  if (what === 'index') {
    // The first browse starts the load and is answered by the database; browse answers from
    // the index once it is loaded (its cards then start to be read).
    while ((await currentBrowse(database.db, database.pool)) === null) await new Promise((r) => setTimeout(r, 5));
  } else {
    await loadBrowseIndex(database.db);
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  gc();
  const result: Measured = {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapMb: mb(process.memoryUsage().heapUsed - heap0),
    rssMb: mb(process.memoryUsage().rss - rss0),
  };
  process.stdout.write(JSON.stringify(result));
  await database.close();
}

function measureInChild(url: string, what: 'index' | 'cards'): Measured {
  const script = fileURLToPath(import.meta.url);
  const out = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, 'child', url, what], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`measuring ${what} failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as Measured;
}

async function main(): Promise<void> {
  log(`browse index by size; load average before ${loadAverage()}`);
  for (const size of SIZES) {
    const url = `${PREFIX}${size}`;
    await ensurePostgresDatabase(url);
    const database = await openPostgres(url);
    const present = await countBenchListings(database.db);
    if (present !== size) {
      if (present !== 0) throw new Error(`${url} holds ${present} active listings, not ${size}: drop it first`);
      const report = await loadBenchData(database.db, size, () => {});
      log(`  ${size}: loaded ${report.active} active listings in ${report.seconds.toFixed(0)} s`);
    }
    await database.close();
    const index = measureInChild(url, 'index');
    const cards = measureInChild(url, 'cards');
    log(
      `  ${size.toLocaleString('en-GB').padStart(9)} listings: index ${index.ms.toFixed(0)} ms (CPU ${index.cpuMs.toFixed(0)}), heap +${index.heapMb.toFixed(0)} MB (rss +${index.rssMb.toFixed(0)}); ` +
        `index and cards ${cards.ms.toFixed(0)} ms (CPU ${cards.cpuMs.toFixed(0)}), heap +${cards.heapMb.toFixed(0)} MB (rss +${cards.rssMb.toFixed(0)}); load average ${loadAverage()}`,
    );
  }
}

const [mode, url, what] = process.argv.slice(2);
(mode === 'child' ? child(url!, what as 'index' | 'cards') : main()).catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
