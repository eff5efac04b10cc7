import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { TEST_BROWSER_PATH } from './chromium-path';
// @ts-expect-error -- a plain .mjs build helper without type declarations
import { buildClientIfStale } from '../../scripts/client-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when browser tests must be skipped: the reason, with how to install Chromium. */
    skipBrowserReason: string;
  }
}

// Browser tests need Chromium. Without it they are skipped with a line saying how to
// install it, except in CI (CI=true), where a missing browser fails the run.
export default function setup(project: TestProject) {
  // A single browser file run on its own (`vitest run --project e2e x.test.ts`) must test
  // today's client, not the last build: `npm test` builds first, this covers the rest.
  buildClientIfStale();
  const chromium = TEST_BROWSER_PATH;
  if (fs.existsSync(chromium)) {
    project.provide('skipBrowserReason', '');
    return;
  }
  const hint = `Chromium not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium chromium-headless-shell (or set CHROMIUM_PATH).`;
  if (process.env.CI === 'true') throw new Error(hint);
  process.stdout.write(`\nSkipping browser tests: ${hint}\n`);
  project.provide('skipBrowserReason', hint);
}
