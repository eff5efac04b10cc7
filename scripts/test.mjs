// `npm test`: build the client if stale (browser tests and the bundle budget need it), run
// every Vitest project, and end with one line 'N passed, N failed, N skipped'.
// Extra arguments go to Vitest (e.g. `npm test -- --project unit`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildClientIfStale } from './client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const onlyServer = args.includes('--project') && !args.includes('e2e');
if (!onlyServer) buildClientIfStale();

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jc-test-')), 'report.json');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(
  process.execPath,
  [
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--reporter=${path.join(root, 'scripts/project-times-reporter.mjs')}`,
    `--outputFile.json=${report}`,
    ...args,
  ],
  { cwd: root, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
// Each failed test's file and name, repeated at the very end: a long run's log is often read
// from its tail (CI's record keeps only the last part).
let failures = [];
// Browser and process tests that failed, were tried again (CI only) and passed.
let flaky = [];
/** A test's errors, and what its pages showed, each time it failed (tests/support/failure-notes.ts). */
const whenFailed = (test) =>
  (test.meta?.whenFailed ?? [])
    .map(({ error, pages }) => {
      const shown = pages.length > 0 ? `, the pages showed:\n    ${pages.join('\n').replace(/\n/g, '\n    ')}` : '';
      return `\n  failed: ${error}${shown}`;
    })
    .join('');
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = r.numPassedTests;
  // A file that failed to load has no failed tests of its own: count it once.
  const brokenFiles = (r.testResults ?? []).filter(
    (file) => file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'),
  ).length;
  failed = r.numFailedTests + brokenFiles;
  failures = (r.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && tests.length === 0) return [`${where} (the file did not load)`];
    const why = (test) => (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
    return tests.map((test) => `${where} > ${test.fullName}${whenFailed(test) || `: ${why(test)}`}`);
  });
  flaky = (r.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'passed' && test.meta?.whenFailed)
      .map((test) => `${path.relative(root, file.name)} > ${test.fullName}${whenFailed(test)}`),
  );
  skipped = r.numPendingTests + r.numTodoTests;
} else {
  failed = 1;
}
if (process.env.TEST_SUMMARY_FILE) {
  fs.writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ passed, failed, skipped, failures, flaky }));
}
const status = run.status ?? 1;
if (status !== 0 && failed === 0) failed = 1;
for (const test of flaky) process.stdout.write(`\nFLAKY (passed when tried again) ${test}`);
for (const failure of failures) process.stdout.write(`\nFAILED ${failure}`);
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(status);
