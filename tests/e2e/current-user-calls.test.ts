import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

// Issue 16 point 6: GET /api/auth/user is limited per IP address, and a club night puts many
// members behind one. The limit (CURRENT_USER_CALLS_PER_MINUTE) is sized from what this test
// counts in a real browser: a page load asks once who is signed in; moving between pages
// asks nothing more (the answer is kept for 5 minutes and never refetched on focus).

const skipReason = inject('skipBrowserReason');

describe.skipIf(skipReason)('how often a page asks who is signed in', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('once per page load, and not again when the member moves between pages', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { cookie } = await server.createMemberSession('club.night@example.org', { firstName: 'Dorothy' });
    await context.addCookies([cookie]);
    const page = await newWatchedPage(context);
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') asked += 1;
    });

    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Dorothy' }).waitFor();
    await expectNoA11yViolations(page);
    expect(asked).toBe(1);

    const nav = page.getByRole('banner');
    for (const [link, heading] of [
      ['Browse', 'Browse Puzzles'],
      ['My Listings', 'My Puzzle Listings'],
      ['My Trades', 'My Trades'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectNoA11yViolations(page);
    }
    expect(asked).toBe(1);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Trades' }).waitFor();
    expect(asked).toBe(2);
    await context.close();
  });
});
