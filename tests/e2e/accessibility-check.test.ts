import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';

// The check every browser test leans on (tests/support/browser.ts) must itself fail on a
// serious or critical violation and pass a clean page; it runs axe-core in the page directly,
// not through @axe-core/playwright, so this is its proof.

const skipReason = inject('skipBrowserReason');

describe.skipIf(skipReason)('the accessibility check of the browser tests', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fails on serious and critical violations, naming the rule and the element, and passes a clean page', async () => {
    const context = await browser.newContext();
    const page = await newWatchedPage(context);
    await page.setContent(`<!doctype html><html lang="en"><head><title>Bad</title></head><body><main>
      <p style="color:#bbb;background:#fff" id="faint">Faint words nobody over fifty can read</p>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="nameless">
      <button id="empty"></button></main></body></html>`);
    const failure = await expectNoA11yViolations(page).then(
      () => new Error('passed'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toMatch(/Accessibility violations/);
    expect(failure.message).toMatch(/color-contrast \(serious\)[\s\S]*#faint/);
    expect(failure.message).toMatch(/image-alt \(critical\)[\s\S]*#nameless/);
    expect(failure.message).toMatch(/button-name \(critical\)[\s\S]*#empty/);

    // The same page, put right, passes; axe is already in the page and runs again there.
    await page.setContent(`<!doctype html><html lang="en"><head><title>Good</title></head><body><main>
      <h1>Clear words</h1><p style="color:#222;background:#fff">Readable words</p>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="A dot">
      <button>Send</button></main></body></html>`);
    await expectNoA11yViolations(page);
    await context.close();
  });
});
