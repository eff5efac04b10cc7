import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipReason = inject('skipBrowserReason');

describe.skipIf(skipReason)('scratch', () => {
  let server: TestServer;
  let browser: Browser;
  let cookie: Awaited<ReturnType<TestServer['createMemberSession']>>['cookie'];
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const m = await server.createMemberSession('a@example.org', { textSize: 'largest' });
    cookie = m.cookie;
    for (let i = 0; i < 5; i++) await createListing(server.database.db, m.memberId, { title: `Rose Cottage ${i}` });
  });
  afterAll(async () => { await browser?.close(); await server?.close(); });
  it('shots', async () => {
    for (const [name, viewport] of [['wide', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      const context = await browser.newContext({ viewport });
      await context.addCookies([cookie]);
      const page = await newWatchedPage(context);
      await page.goto(`${server.url}/browse-puzzles`);
      await page.getByText(/Showing 5 of 5/).waitFor();
      await page.screenshot({ path: `/tmp/shots/before-${name}.png` });
      await context.close();
    }
  });
});
