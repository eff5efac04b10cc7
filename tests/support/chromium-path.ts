import fs from 'node:fs';

// Which Chromium the browser tests drive, and which `npm run lighthouse` measures with. Both
// come from Debian's packages, never a download.

/** Debian's full Chromium (package chromium): Lighthouse measures pages in it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's headless shell (package chromium-headless-shell): the same Blink and V8 without the browser's own UI. */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: CHROMIUM_PATH when set; else the headless shell when it is
 * installed, as it runs the same tests in a little over half the time (the whole browser
 * project 664 s against 1,178 s on one machine, 28 Nov 2026: docs/architecture.md#tests);
 * else the full Chromium.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
