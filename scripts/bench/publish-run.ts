// `npm run bench:publish` (issue 25, point 6): publishing a puzzle with 100,000 saved searches
// and 100,000 wishes stored, on PostgreSQL. Loads them (and 2,000 members) into its own
// database once, starts the real app in this process on a free port, and publishes at 8
// connections for BENCH_SECONDS (default 6, after 2 s of warm-up), every listing different
// (titles drawn from the wishes' titles, so offers are made, and sizes, points and words
// varied), each by a different member in turn. Reports the publish call's p50/p99 (budget: p99
// under 50 ms) and how long the matching after the answers took to finish.
//
// The requests are sent from this process (fetch), so their client-side cost shares the app's
// event loop: the figures are if anything pessimistic.
//
// Environment: BENCH_PUBLISH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/jc_bench_publish,
// created when missing), BENCH_SECONDS, BENCH_RELOAD=1 (reload the data).

import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createSession } from '../../src/server/auth/sessions-repository';
import { openPostgres, queryRows, type Db } from '../../src/server/db/client';
import { createMember } from '../../tests/support/factories';
import { ensurePostgresDatabase, loadAverage, log, startBenchApp } from './bench-harness';
import { ARTISTS, NOUNS, PIECES } from './load-data';
import { seededRandom } from './questions';
import { CONDITIONS, DIFFICULTIES, loadWanted, puzzleTitle, SAVED_SEARCHES, WISHES } from './wanted-data';

const PG_URL = process.env.BENCH_PUBLISH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench_publish';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 8;
const BUDGET_P99_MS = 50;
const MEMBERS = 2_000;

async function counts(db: Db) {
  const [row] = await queryRows<{ members: number; searches: number; wishes: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM users WHERE email LIKE '%@publish.invalid')::int AS members,
      (SELECT count(*) FROM saved_searches)::int AS searches, (SELECT count(*) FROM wishes)::int AS wishes`,
  );
  return row!;
}

async function main(): Promise<void> {
  log(`Jigsaw Club publish bench: ${os.cpus().length} CPU(s), Node ${process.version}`);
  log(`load average before: ${loadAverage()}\n`);
  await ensurePostgresDatabase(PG_URL);
  const database = await openPostgres(PG_URL, { max: CONNECTIONS + 8 });
  const db = database.db;
  try {
    let have = await counts(db);
    if (have.members < MEMBERS) {
      log(`creating ${MEMBERS - have.members} members`);
      for (let i = have.members; i < MEMBERS; i++) {
        await createMember(db, { email: `publisher${i}@publish.invalid`, points: 25 });
      }
    }
    const memberIds = (
      await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE email LIKE '%@publish.invalid' ORDER BY id`)
    ).map((r) => Number(r.id));
    have = await counts(db);
    if (have.searches < SAVED_SEARCHES || have.wishes < WISHES * 0.95 || process.env.BENCH_RELOAD === '1') {
      log(
        `loading ${SAVED_SEARCHES.toLocaleString('en-GB')} saved searches and ${WISHES.toLocaleString('en-GB')} wishes`,
      );
      await loadWanted(db, memberIds);
    }
    have = await counts(db);
    const cookies: string[] = [];
    for (const id of memberIds) cookies.push(`jc_session=${(await createSession(db, id, false)).token}`);

    const { origin, close } = await startBenchApp(database);
    const random = seededRandom(2025);
    let sent = 0;
    const publishOnce = async (): Promise<number> => {
      const cookie = cookies[sent++ % cookies.length]!;
      const started = performance.now();
      const res = await fetch(`${origin}/api/puzzle-listings`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin },
        body: JSON.stringify({
          title: puzzleTitle(random),
          pieces: PIECES[Math.floor(random() * PIECES.length)],
          condition: CONDITIONS[Math.floor(random() * CONDITIONS.length)],
          difficulty: DIFFICULTIES[Math.floor(random() * DIFFICULTIES.length)],
          puzzlePoints: 1 + Math.floor(random() * 10),
          artist: ARTISTS[Math.floor(random() * ARTISTS.length)],
          description: `Bench listing ${sent}: complete, boxed, a ${NOUNS[Math.floor(random() * NOUNS.length)]!.toLowerCase()}.`,
          status: 'active',
        }),
      });
      if (res.status !== 201) throw new Error(`publish answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    const run = async (seconds: number): Promise<number[]> => {
      const end = Date.now() + seconds * 1000;
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < end) times.push(await publishOnce());
        }),
      );
      return times;
    };
    try {
      await run(WARMUP_SECONDS);
      const times = (await run(SECONDS)).sort((a, b) => a - b);
      const measuredEnd = Date.now();
      const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
      // The matching after the answers: until the queue is empty.
      for (;;) {
        const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM wanted_pending_listings`);
        if (Number(row!.n) === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const drained = Date.now() - measuredEnd;
      const [made] = await queryRows<{ offers: number; matches: number }>(
        db,
        sql`SELECT (SELECT count(*) FROM wish_offers)::int AS offers, (SELECT count(*) FROM saved_search_matches)::int AS matches`,
      );
      const p99 = Number(pct(99));
      log(
        `PostgreSQL, ${have.searches.toLocaleString('en-GB')} saved searches, ${have.wishes.toLocaleString('en-GB')} wishes; ${CONNECTIONS} connections, ${SECONDS} s\n`,
      );
      log('| publish | count | req/s | p50 ms | p99 ms | matching done after the last answer | budget |');
      log('|---|---:|---:|---:|---:|---:|---|');
      log(
        `| POST /api/puzzle-listings (every listing different) | ${times.length} | ${Math.round(times.length / SECONDS)} | ${pct(50)} | ${pct(99)} | ${drained} ms | ${p99 < BUDGET_P99_MS ? 'ok' : 'MISSED'} |`,
      );
      log(`\nso far: ${made!.matches} saved-search matches, ${made!.offers} first offers`);
      log(`load average after: ${loadAverage()}`);
      if (p99 >= BUDGET_P99_MS) process.exitCode = 1;
    } finally {
      await close();
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`publish bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
