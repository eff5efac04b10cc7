import { beforeEach } from 'vitest';
import { openPagesNow } from './browser';

// Browser and process tests: when a test fails, its error and what each open page showed at
// that moment go into the test's record (meta.whenFailed, one entry per failed try). `npm test`
// prints them with the failure at the end of the run, and names a test that passed only when
// tried again (CI tries these once more: docs/architecture.md#tests), so a flaky test shows
// what went wrong even when the run is green.

declare module 'vitest' {
  interface TaskMeta {
    whenFailed?: { error: string; pages: string[] }[];
  }
}

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async ({ task: failed }) => {
    const error = (failed.result?.errors?.[0]?.message ?? '').split('\n')[0] ?? '';
    task.meta.whenFailed = [...(task.meta.whenFailed ?? []), { error, pages: await openPagesNow() }];
  });
});
