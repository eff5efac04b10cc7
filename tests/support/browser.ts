import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from 'playwright-core';
import { TEST_BROWSER_PATH } from './chromium-path';
import { expect } from 'vitest';

// Browser-test helpers: Debian's Chromium driven by playwright-core, axe-core for
// accessibility, and a watch on each page's console so script errors and Content Security
// Policy violations fail the test that caused them.

/** The flags this machine needs (no network but loopback, no sandbox as root); also `npm run lighthouse`'s. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Test-only: V8 in the page stops at its baseline compiler (Sparkplug) and never optimises. A
 * test's page lives a few seconds, so the optimising compilers' work (on the renderer's other
 * threads) was never paid back: four browser test files, side by side, took 35 s of renderer
 * CPU and 51 s with the optimisers, 29-31 s and 46-48 s without (28 Nov 2026). Not Lighthouse's:
 * it measures what members' browsers do.
 */
const TEST_ONLY_ARGS = ['--js-flags=--max-opt=1'];

/** One Chromium per test worker: browser test files share a worker's modules (isolate: false). */
let sharedBrowser: Promise<Browser> | undefined;

/**
 * Headless Chromium with the flags this machine needs, for one test file: the worker's one
 * browser, seen through a handle whose `close()` closes the contexts this file opened and
 * leaves the browser running for the next file (starting one cost every file about a second).
 */
export async function launchBrowser(): Promise<Browser> {
  sharedBrowser ??= chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...TEST_ONLY_ARGS],
  });
  const browser = await sharedBrowser;
  const opened = new Set<BrowserContext>();
  const handle: Partial<Browser> = {
    async newContext(options) {
      const context = await browser.newContext(options);
      opened.add(context);
      return context;
    },
    async newPage(options) {
      const page = await browser.newPage(options);
      opened.add(page.context());
      return page;
    },
    async close() {
      await Promise.all([...opened].map((context) => context.close()));
      opened.clear();
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property in handle) return handle[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Every page this worker's browser has open, as a few lines each (address, calls still
 * unanswered, open dialogs and alerts, the start of the text): what a member would have seen
 * when a browser test failed.
 */
export async function openPagesNow(): Promise<string[]> {
  if (!sharedBrowser) return [];
  const pages = (await sharedBrowser).contexts().flatMap((context) => context.pages());
  return Promise.all(
    pages.map(async (page) => {
      const now = Date.now();
      const waiting = [...(unanswered.get(page) ?? new Map<Request, number>())].map(
        ([request, since]) => `waiting ${((now - since) / 1000).toFixed(1)} s for ${request.method()} ${request.url()}`,
      );
      const read = page
        .evaluate(() => {
          const text = (el: Element) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 400);
          const layers = [...document.querySelectorAll('[role=dialog], [role=alertdialog], [role=alert]')];
          return [
            ...layers.map((el) => `${el.getAttribute('role')}: ${text(el)}`),
            `main: ${text(document.querySelector('main') ?? document.body)}`,
          ];
        })
        .catch((error: unknown) => [`(could not read the page: ${String(error).split('\n')[0]})`]);
      let timer: NodeJS.Timeout | undefined;
      const seen = await Promise.race([
        read,
        new Promise<string[]>((resolve) => {
          timer = setTimeout(() => resolve(['(the page did not answer within 5 s)']), 5000);
        }),
      ]);
      clearTimeout(timer);
      return [page.url(), ...waiting, ...seen].join('\n  ');
    }),
  );
}

/** Console errors a page may log on purpose. */
export interface ExpectedConsoleError {
  /** Matched against the console text. */
  text: RegExp;
  /** Matched against the URL the message is about (for a failed request, the request's URL). */
  url?: RegExp;
}

// Chromium logs every non-2xx fetch as a console error. The signed-out check of who is
// signed in answers 401 by design (docs/product/screens.md#how-the-client-calls: 401 means signed out).
const ALWAYS_EXPECTED: ExpectedConsoleError[] = [
  { text: /Failed to load resource: the server responded with a status of 401/, url: /\/api\/auth\/user$/ },
];

const problems = new WeakMap<Page, string[]>();

function isExpected(message: ConsoleMessage, expected: ExpectedConsoleError[]): boolean {
  const url = message.location().url;
  return expected.some((e) => e.text.test(message.text()) && (!e.url || e.url.test(url)));
}

/**
 * Records the page's console errors (which include CSP violations, 'Refused to …') and
 * uncaught exceptions, for expectNoPageProblems / expectNoA11yViolations to report.
 */
export function watchPage(page: Page, expected: ExpectedConsoleError[] = []): Page {
  const list: string[] = [];
  problems.set(page, list);
  const allowed = [...ALWAYS_EXPECTED, ...expected];
  page.on('console', (message) => {
    if (message.type() !== 'error' || isExpected(message, allowed)) return;
    const where = message.location().url;
    list.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => {
    list.push(`uncaught exception: ${error.stack ?? error.message}`);
  });
  // The calls still unanswered, for openPagesNow (a live-update stream never ends: left out).
  const waiting = new Map<Request, number>();
  unanswered.set(page, waiting);
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') waiting.set(request, Date.now());
  });
  page.on('requestfinished', (request) => waiting.delete(request));
  page.on('requestfailed', (request) => waiting.delete(request));
  return page;
}

const unanswered = new WeakMap<Page, Map<Request, number>>();

/** A new page in the context, watched from its first request. */
export async function newWatchedPage(context: BrowserContext, expected: ExpectedConsoleError[] = []): Promise<Page> {
  return watchPage(await context.newPage(), expected);
}

/** Fails with every console error, CSP violation and uncaught exception the page has had so far. */
export function expectNoPageProblems(page: Page): void {
  const list = problems.get(page);
  if (!list || list.length === 0) return;
  const text = list.join('\n');
  list.length = 0;
  throw new Error(`The page reported problems:\n${text}`);
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation,
 * listing each rule and the elements that broke it. Also fails on the page's console
 * errors and uncaught exceptions (when the page is watched).
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // Half-faded text fails the contrast rule, and on a busy machine axe can land inside a
  // dialog's 150 ms fade.
  await waitForAnimationsToEnd(page);
  // Once per page state: the same screen, in the same shape, at the same width and text
  // size, gives axe the same answer (it judges structure, names, roles and colours, not the
  // words), and the browser tests came back to the same states about 200 times a run.
  const state = await pageStateSignature(page);
  if (checkedStates.has(state)) {
    expectNoPageProblems(page);
    return;
  }
  const blocking = await seriousViolations(page);
  if (blocking.length > 0) {
    const report = blocking
      .map((v) => {
        const nodes = v.nodes.map((n) => `    - ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n');
        return `  ${v.id} (${v.impact}): ${v.help}\n${nodes}`;
      })
      .join('\n');
    throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
  }
  checkedStates.add(state);
  expectNoPageProblems(page);
}

/**
 * Waits until the page's finite animations have ended (dialogs and toasts fade and zoom in
 * over 150 ms, so until then their text is half faded and their boxes scaled down). Endless
 * ones (spinners) are not waited for.
 */
export async function waitForAnimationsToEnd(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** axe-core's own build, put into a page as it is (what @axe-core/playwright does too). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; help: string; nodes: { target: string; summary: string }[] };

/**
 * axe-core's serious and critical violations on the page as it is now. axe goes into a page
 * once per document and answers violations only (resultTypes): @axe-core/playwright's
 * analyze() put axe's 650 kB into the page again on every call, opened a blank page to put
 * the frames' partial results together, and sent back every passing element too. That was more
 * than half of the browser tests' CPU (listings-pages: 85 s of CPU, 40 s without axe; 28 Nov
 * 2026). Our pages have no frames, so axe.run on the document sees everything axe would.
 */
async function seriousViolations(page: Page): Promise<Violation[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document, options: object): Promise<AxeResults>;
          _audit?: { rules: { id: string; impact?: string }[] };
        };
      }
    ).axe;
    // A rule with an impact of its own gives every result that impact (axe's finalizeRuleResult),
    // so the minor and moderate ones can never fail this check: they are not run ('region'
    // among them walks the whole page).
    const neverSerious = (axe._audit?.rules ?? []).filter((r) => r.impact === 'minor' || r.impact === 'moderate');
    const rules = Object.fromEntries(neverSerious.map((r) => [r.id, { enabled: false }]));
    const results = await axe.run(document, { resultTypes: ['violations'], rules });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
      }));
  });
}

/** Page states axe has passed in this worker (browser test files share a worker's modules). */
const checkedStates = new Set<string>();

/**
 * What axe's answer depends on, as one string: the path, the window's width and the root text
 * size, and every element's tag, its attributes that shape roles, names, focus and colours
 * (with their values), the names of the others, and whether it holds text of its own. Words,
 * links' targets and pictures' sources are left out, so two members' versions of one screen
 * count as one state; a state that differs in any of the rest is checked again.
 */
function pageStateSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const kept = /^(class|style|role|id|for|type|tabindex|disabled|hidden|open|lang|aria-.*)$/;
    const parts = [location.pathname, String(window.innerWidth), getComputedStyle(document.documentElement).fontSize];
    for (const el of document.querySelectorAll('*')) {
      let line = el.tagName;
      for (const attr of el.attributes) line += kept.test(attr.name) ? ` ${attr.name}=${attr.value}` : ` ${attr.name}`;
      if ([...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())) line += ' #text';
      parts.push(line);
    }
    let hash = 0;
    const text = parts.join('\n');
    for (let i = 0; i < text.length; i += 1) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
    return `${parts[0]} ${text.length} ${hash}`;
  });
}

/**
 * Makes the page show `count` unread messages without writing any: the count call and the
 * live event stream (which also reports it) both answer it, as they must agree. Set it up
 * before the page loads.
 */
export async function fakeUnreadMessages(page: Page, count: number): Promise<void> {
  await page.route('**/api/messages/unread-count', (route) => route.fulfill({ json: { count } }));
  await page.route('**/api/events', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      // A long retry, so the browser does not come back for the stream during the test.
      body: `retry: 60000\nevent: unread-count\ndata: ${JSON.stringify({ count })}\n\n`,
    }),
  );
}

/**
 * The pages' chunks (their names without the hash: 'page-frame', 'browse-puzzles-page') that a
 * page's HTML preloads, as the server sent it with this page's cookies (static-client.ts,
 * PAGE_PRELOADS); sorted. Read from the answer, not the document: Vite's own helper adds
 * preload links for what a page imports later.
 */
export async function preloadedPageChunks(page: Page, url: string): Promise<string[]> {
  const html = await (await page.request.get(url)).text();
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/(.+?)-[\w-]{8}\.js"/g)]
    .map((match) => match[1]!)
    .filter((name) => name.includes('page'))
    .sort();
}

/**
 * Fails when a visible button's words do not fit inside it (cut off or spilling over its edge),
 * as the Wanted page's 'Add to my wish list' did at 200% zoom in a column too narrow for it.
 */
export async function expectButtonsHoldTheirWords(page: Page): Promise<void> {
  const spilling = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((button) => button.checkVisibility() && button.scrollWidth > button.clientWidth + 1)
      .map((button) => `"${button.innerText.trim()}" (${button.scrollWidth} px of words in ${button.clientWidth} px)`),
  );
  expect(spilling, `${page.url()}: buttons whose words spill out`).toEqual([]);
}
