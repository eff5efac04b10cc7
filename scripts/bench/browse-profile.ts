// Where a varied browse question's app CPU goes (issue 29): the bench's app and data
// (run.ts's PostgreSQL database, loaded by it), the browse index loaded, then
//  - `answers <file>`: the answers (status, content type, body) to 3,000 varied questions,
//    asked one at a time, written as one hash a line: run before and after a change and
//    compare, to show the answers did not change by a byte;
//  - `cpu`: the app CPU a request (ms) asking the varied questions one at a time in process
//    (Fastify's inject: no sockets, no other load's noise), three rounds;
//  - `profile <file>`: a CPU profile of the app under the bench's varied load (32
//    connections, the load generator in a child process, 10 s), and the app CPU a request;
//    `load`: the same without the profile;
//  - `index`: the browse index's own answers to 4,000 varied questions, CPU time by kind.
//
//   BENCH_DATABASE_URL=postgres://…/db npx tsx scripts/bench/browse-profile.ts cpu

import crypto from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPostgres, queryRows } from '../../src/server/db/client';
import { createInProcessEventBus } from '../../src/server/events/event-bus';
import { createLogger } from '../../src/server/http/logging';
import { currentBrowseIndex, loadBrowseIndex } from '../../src/server/listings/browse-index-sync';
import { browseQuerySchema, distanceAsked, type BrowseQuestion } from '../../src/domain/browse';
import { createMailer } from '../../src/server/mail/mailer';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { startGeoStandIn } from '../../tests/support/postcode-geo-stand-in';
import { CONNECTIONS, generateLoad, loadAverage, log, startBenchApp } from './bench-harness';
import { TOWN_POINTS } from './load-data';
import { variedQuestions } from './questions';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench';
const [mode = 'cpu', file] = process.argv.slice(2);

async function main(): Promise<void> {
  const database = await openPostgres(PG_URL, { max: CONNECTIONS + 8 });
  const manufacturerIds = (
    await queryRows<{ id: number }>(database.db, sql`SELECT id FROM manufacturers ORDER BY id`)
  ).map((r) => r.id);
  log(`load average: ${loadAverage()}`);
  try {
    if (mode === 'index') {
      await indexCosts(database, manufacturerIds);
      return;
    }
    if (mode === 'profile' || mode === 'load') {
      const { origin, close } = await startBenchApp(database);
      await loadBrowseIndex(database.db);
      await generateLoad(origin, { varied: { seed: 1015, manufacturerIds } }, 3);
      const session = new inspector.Session();
      if (mode === 'profile') {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
      }
      const cpu0 = process.cpuUsage();
      const r = await generateLoad(origin, { varied: { seed: 15, manufacturerIds } }, 10);
      const cpu = process.cpuUsage(cpu0);
      if (mode === 'profile') {
        const { profile } = await session.post('Profiler.stop');
        fs.writeFileSync(file ?? 'browse.cpuprofile', JSON.stringify(profile));
      }
      const requests = r.requests.average * 10;
      log(
        `${Math.round(r.requests.average)} req/s, app CPU ${((cpu.user + cpu.system) / 1000 / requests).toFixed(3)} ms/req`,
      );
      await close();
      return;
    }
    // In process: the app without a port.
    const geo = await startGeoStandIn(TOWN_POINTS);
    const dataDir = fs.mkdtempSync('/tmp/jc-browse-profile-');
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1' }),
      clientDir: undefined,
      postcodeGeo: { url: geo.url },
    };
    const logger = createLogger('silent');
    const events = createInProcessEventBus();
    const app = await buildApp({
      config,
      database,
      mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir, log: logger }),
      events,
      pictures: createPictureStorage(config),
    });
    await loadBrowseIndex(database.db);
    const ask = async (next: () => string) => {
      const res = await app.inject({ method: 'GET', url: `/api/puzzle-listings?${next()}` });
      return res;
    };
    try {
      if (mode === 'answers') {
        const next = variedQuestions(15, manufacturerIds);
        const lines: string[] = [];
        for (let i = 0; i < 3000; i++) {
          const res = await ask(next);
          const h = crypto.createHash('sha1');
          h.update(`${res.statusCode} ${String(res.headers['content-type'])} ${String(res.headers.etag)}\n`);
          h.update(res.rawPayload);
          lines.push(h.digest('hex'));
        }
        fs.writeFileSync(file ?? 'browse-answers.txt', `${lines.join('\n')}\n`);
        log(`wrote ${lines.length} answers`);
        return;
      }
      const warm = variedQuestions(1015, manufacturerIds);
      for (let i = 0; i < 3000; i++) await ask(warm);
      for (let round = 0; round < 3; round++) {
        const next = variedQuestions(15, manufacturerIds);
        const n = 4000;
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < n; i++) await ask(next);
        const cpu = process.cpuUsage(cpu0);
        log(
          `round ${round + 1}: ${n} questions, app CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms/req, wall ${((performance.now() - t0) / n).toFixed(3)} ms/req`,
        );
      }
    } finally {
      await app.close();
      await events.close();
      await geo.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await database.close();
  }
}

/**
 * The index's own answer (BrowseIndex.answer, as browse-repository.ts asks it) to each varied
 * question, timed, summed by the question's kind: where the index's share of a request goes.
 */
async function indexCosts(database: Awaited<ReturnType<typeof openPostgres>>, manufacturerIds: number[]) {
  await loadBrowseIndex(database.db);
  const index = (await currentBrowseIndex(database.db, database.pool))!;
  const next = variedQuestions(15, manufacturerIds);
  const questions: Array<{ kind: string; query: BrowseQuestion }> = [];
  for (let i = 0; i < 4000; i++) {
    const params = Object.fromEntries(new URLSearchParams(next()));
    const query = browseQuerySchema.parse(params);
    const origin = distanceAsked(query) ? TOWN_POINTS[query.location!.trim().toUpperCase()] : undefined;
    const kinds = [
      query.sort === 'distance' ? 'nearest' : 'sorted',
      query.maxDistance !== undefined ? `max${query.maxDistance}` : '',
      query.q ? 'q' : '',
    ];
    questions.push({ kind: kinds.filter(Boolean).join('+'), query: { ...query, origin } });
  }
  const ask = ({ query }: (typeof questions)[number]) =>
    index.answer(query, query.pageSize + 1, (query.page - 1) * query.pageSize, 1001);
  // CPU time (not wall time: the machine is shared) of each kind's questions asked together,
  // the least of five rounds.
  const kinds = new Map<string, Array<(typeof questions)[number]>>();
  for (const q of questions) kinds.set(q.kind, [...(kinds.get(q.kind) ?? []), q]);
  const best = new Map<string, number>();
  for (let round = 0; round < 5; round++) {
    for (const [kind, qs] of kinds) {
      const cpu0 = process.cpuUsage();
      for (const q of qs) ask(q);
      const cpu = process.cpuUsage(cpu0);
      const ms = (cpu.user + cpu.system) / 1000;
      best.set(kind, Math.min(best.get(kind) ?? Infinity, ms));
    }
  }
  const total = [...best.values()].reduce((a, b) => a + b, 0);
  log(`${(total / questions.length).toFixed(4)} ms of CPU a question (${questions.length} questions)`);
  for (const [kind, ms] of [...best].sort((a, b) => b[1] - a[1])) {
    const n = kinds.get(kind)!.length;
    log(
      `  ${kind.padEnd(20)} ${String(n).padStart(5)} questions, ${(ms / n).toFixed(4)} ms each, ${((100 * ms) / total).toFixed(1)}%`,
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
