// `npm run lighthouse`: Lighthouse's mobile preset (a mid-range phone on a slow 4G line,
// simulated) on the club's main pages (landing, browse, a puzzle, member home, community, the
// Wanted page, Help), against a freshly seeded demo club, pictures and all, served by the real
// program. Budget (issue 29): performance >= 95 and accessibility 100 on every page; prints a
// table and exits 1 when a page misses it. Each page is measured --runs times (default 3) and the run
// with the median performance score counts. HTML reports go to dist/lighthouse/.
// Not part of `npm test`: it takes minutes. docs/performance.md records the results.
//
// Usage: npm run lighthouse [-- --runs 1] [-- --only landing,browse]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { launchChromium } from './chromium';
import { startClub, type Club } from './club';

export const BUDGET = { performance: 95, accessibility: 100 };

/** signedIn: as the club's everyday member, or (wanted) as the member with saved searches and a wish list. */
type Page = { name: string; path: (club: Club) => string; signedIn: false | 'member' | 'wanted' };
const PAGES: Page[] = [
  { name: 'landing', path: () => '/', signedIn: false },
  { name: 'browse', path: () => '/browse-puzzles', signedIn: false },
  { name: 'puzzle', path: (club) => `/puzzle/${club.puzzleId}`, signedIn: false },
  { name: 'member home', path: () => '/', signedIn: 'member' },
  { name: 'community', path: () => '/community', signedIn: 'member' },
  { name: 'wanted', path: () => '/wanted', signedIn: 'wanted' },
  { name: 'help', path: () => '/help', signedIn: false },
];
const cookieFor = (page: Page, club: Club) =>
  page.signedIn === 'member' ? club.memberCookie : page.signedIn === 'wanted' ? club.wantedCookie : undefined;

type Measure = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the machine's CPU at the time (a quiet desktop: about 1000+). */
  benchmarkIndex: number;
  lhr: Result;
  html: string;
};

const reportDir = path.resolve(import.meta.dirname, '../../dist/lighthouse');
const log = (line: string) => process.stdout.write(`${line}\n`);

function score(lhr: Result, category: 'performance' | 'accessibility'): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}
function metric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? NaN;
}

async function measure(url: string, port: number, cookie: string | undefined): Promise<Measure> {
  const flags: Flags = {
    port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  // No config: Lighthouse's default, the mobile preset with simulated throttling.
  // On a busy machine a trace is now and then lost (NO_NAVSTART): Lighthouse asks to run again.
  let result = await lighthouse(url, flags);
  for (let attempt = 2; attempt <= 3 && (!result || result.lhr.runtimeError); attempt++) {
    log(
      `  (Lighthouse could not measure ${url}: ${result?.lhr.runtimeError?.code ?? 'no result'}; attempt ${attempt})`,
    );
    result = await lighthouse(url, flags);
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    fcp: metric(lhr, 'first-contentful-paint'),
    lcp: metric(lhr, 'largest-contentful-paint'),
    tbt: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lhr,
    html: String(result.report),
  };
}

/** What Lighthouse suggests for a page under budget: its opportunities and failed audits. */
function explain(m: Measure): string[] {
  const lines: string[] = [];
  for (const [id, audit] of Object.entries(m.lhr.audits)) {
    const saving = (audit.metricSavings?.LCP ?? 0) + (audit.metricSavings?.FCP ?? 0);
    if (audit.score !== null && audit.score < 0.9 && (saving > 0 || audit.details?.type === 'opportunity')) {
      lines.push(`    ${id}: ${audit.displayValue ?? ''} (LCP/FCP saving ${Math.round(saving)} ms)`);
    }
  }
  const a11y = m.lhr.categories.accessibility?.auditRefs ?? [];
  for (const ref of a11y) {
    const audit = m.lhr.audits[ref.id];
    if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0)
      lines.push(`    accessibility: ${ref.id}: ${audit.title}`);
  }
  return lines;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');
  const only = values.only?.split(',').map((s) => s.trim());
  const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;
  if (pages.length === 0) throw new Error(`--only names none of: ${PAGES.map((p) => p.name).join(', ')}`);

  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  log(`Machine: ${os.cpus().length} cores, load average ${load} (1, 5, 15 min)`);
  const club = await startClub(log);
  const chromium = await launchChromium();
  fs.mkdirSync(reportDir, { recursive: true });
  const rows: Array<{ page: Page; url: string; m: Measure; all: number[] }> = [];
  try {
    for (const page of pages) {
      const url = `${club.url}${page.path(club)}`;
      const measures: Measure[] = [];
      for (let i = 0; i < runs; i++) {
        measures.push(await measure(url, chromium.port, cookieFor(page, club)));
        log(`  ${page.name} run ${i + 1}/${runs}: performance ${measures.at(-1)!.performance}`);
      }
      const sorted = [...measures].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const base = path.join(reportDir, page.name.replace(/\s+/g, '-'));
      fs.writeFileSync(`${base}.html`, median.html);
      // The JSON report too: bootup-time per script, main-thread work, long tasks, to compare runs.
      fs.writeFileSync(`${base}.json`, JSON.stringify(median.lhr));
      rows.push({ page, url, m: median, all: measures.map((x) => x.performance) });
    }
  } finally {
    await chromium.close();
    await club.stop();
  }

  const endLoad = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  log(
    `\nLighthouse ${rows[0]?.m.lhr.lighthouseVersion}, mobile preset, median of ${runs} run(s); load average at the end ${endLoad}`,
  );
  log(
    `Signed in as ${club.memberEmail} for the member pages, ${club.wantedEmail} for Wanted. Reports: ${path.relative(process.cwd(), reportDir)}/\n`,
  );
  const header = ['Page', 'Performance', 'Accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'CPU index', 'Runs', 'Budget'];
  const table = rows.map(({ page, m, all }) => [
    page.signedIn ? `${page.name} (signed in)` : page.name,
    String(m.performance),
    String(m.accessibility),
    `${(m.fcp / 1000).toFixed(1)} s`,
    `${(m.lcp / 1000).toFixed(1)} s`,
    `${Math.round(m.tbt)} ms`,
    m.cls.toFixed(3),
    String(Math.round(m.benchmarkIndex)),
    all.join(' '),
    m.performance >= BUDGET.performance && m.accessibility >= BUDGET.accessibility ? 'ok' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  log(line(header));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of table) log(line(r));

  const missed = rows.filter(({ m }) => m.performance < BUDGET.performance || m.accessibility < BUDGET.accessibility);
  if (missed.length > 0) {
    log(`\nBudget missed (performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility}):`);
    for (const { page, m } of missed) {
      log(`  ${page.name}:`);
      for (const l of explain(m)) log(l);
    }
    process.exitCode = 1;
    return;
  }
  log(`\nEvery page meets the budget (performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility}).`);
}

main().catch((err: unknown) => {
  process.stderr.write(`lighthouse: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
