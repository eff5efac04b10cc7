import { defineConfig } from 'vitest/config';

// Projects: unit (pure domain), api (in-process app on the embedded database), api-postgres
// (the same API files on PostgreSQL, when TEST_DATABASE_URL is set), timing (the sign-in
// calls' timing, alone), process (the real
// program started as a child process: start-up time, locks, shutdown, the seed killed
// midway), e2e (real Chromium against a real server). Each test file gets a fresh copy of a
// migrated template database. Groups run one after another (sequence.groupOrder) so the
// timing test, the timing-sensitive process tests, then the browser tests, get the two cores to themselves.

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Timed with the machine to itself: the 'timing' project, below. */
const TIMED_ALONE = 'tests/api/auth-timing.test.ts';
const setupFiles = ['tests/support/fail-on-console-error.ts'];
// The process and browser tests run real programs and a real browser on a busy machine. In CI
// a failed one is tried once more, and one that passes then is named at the end of the run as
// flaky, with its error and what its pages showed (tests/support/failure-notes.ts): a flaky
// test is a bug to find, but one slow moment should not throw away a whole run's work
// (docs/architecture.md#tests). Locally a failure is a failure.
const retryInCI = process.env.CI === 'true' ? 1 : 0;
const withFailureNotes = [...setupFiles, 'tests/support/failure-notes.ts'];

export default defineConfig({
  test: {
    // Three files at a time on two cores where fileParallelism allows it (unit, api,
    // api-postgres, e2e): a file's worker waits part of the time (on PostgreSQL, on the browser,
    // on a page's timers), so at two the cores were 75-85% busy. Clean-clone CI runs on one
    // 2-core machine (28 Nov 2026): the browser project 354 s at two, 299 s at three, every
    // test passing; the API projects 264 s and 261 s (they are CPU-bound: no loss, no gain).
    // Four was tried for the browser project on a slower machine, whose cores two already
    // filled: no gain. The process group stays one file at a time (it times start-ups).
    maxWorkers: 3,
    projects: [
      {
        // 30 s, not Vitest's 5: the property tests and the lint-rule tests (which start ESLint)
        // take 1-2 s quiet and went past 5 s on a machine loaded with other work.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles, testTimeout: 30_000 },
      },
      {
        test: {
          name: 'api',
          // One module graph per worker, not per file: importing the app afresh for each file was
          // more than a third of this project's time (158 s of 427, measured). Every file builds its
          // own app and database (build-app.ts), so no state is carried from one file to the next.
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          exclude: [TIMED_ALONE],
          setupFiles,
          globalSetup: ['tests/support/global-setup-embedded.ts'],
          env: { TEST_DB_KIND: 'embedded' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                isolate: false,
                include: ['tests/api/**/*.test.ts'],
                exclude: [TIMED_ALONE],
                setupFiles,
                globalSetup: ['tests/support/global-setup-postgres.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          // The sign-in calls' timing (member against stranger, medians 1 ms apart at most) on
          // cores nothing else is using: run beside both API projects, a busy moment of the
          // machine twice landed on one side (29.3 against 30.7 ms on 1 Dec 2026, 13.0 against
          // 14.5 ms on 2 Dec, retry included), while alone the file passed every time. On
          // PostgreSQL when the run has it, as runOnOneDatabase says.
          name: 'timing',
          isolate: false,
          include: [TIMED_ALONE],
          setupFiles,
          globalSetup: [
            withPostgres ? 'tests/support/global-setup-postgres.ts' : 'tests/support/global-setup-embedded.ts',
          ],
          env: { TEST_DB_KIND: withPostgres ? 'postgres' : 'embedded' },
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'process',
          // One module graph for the files, as in api and e2e: each file starts its own
          // programs, and the gaps between files (importing afresh) fell from about 15 s to 7
          // (28 Nov 2026).
          isolate: false,
          include: ['tests/process/**/*.test.ts'],
          setupFiles: withFailureNotes,
          retry: retryInCI,
          globalSetup: ['tests/support/global-setup-embedded.ts'],
          env: { TEST_DB_KIND: 'embedded' },
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: withFailureNotes,
          retry: retryInCI,
          globalSetup: ['tests/support/global-setup-embedded.ts', 'tests/support/global-setup-browser.ts'],
          env: { TEST_DB_KIND: 'embedded' },
          // Three files at a time (maxWorkers above), each with its own server and its
          // worker's one Chromium. Four was tried (28 Nov 2026, a slower machine): 540-562 s of
          // a clean CI run against 574 s at two, each file slowing as much as the parallelism
          // gained, and the one flaky close-membership test failed at four. The longest walks
          // run a width or a part a file instead (tests/e2e/*.ts), so the workers share them
          // out evenly.
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
