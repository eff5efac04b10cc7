import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoA11yViolations, launchBrowser, newWatchedPage } from '../support/browser';
import { createListing } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// The listings pages' Request and Contact Owner buttons open the trades and messages
// features' dialogs (joined in src/web/router.tsx), on the browse cards and the detail page.

const skipReason = inject('skipBrowserReason');
const TITLE = 'Harbour Lights at Dusk';

describe.skipIf(skipReason)('Request and Contact Owner on a listing', () => {
  let server: TestServer;
  let browser: Browser;
  let member: BrowserContext;
  let listingId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const owner = await server.createMemberSession('owner.actions@example.org', { firstName: 'Olive' });
    const listing = await createListing(server.database.db, owner.memberId, { title: TITLE, puzzlePoints: 3 });
    listingId = listing.id;
    const me = await server.createMemberSession('asker.actions@example.org');
    member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await member.addCookies([me.cookie]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await newWatchedPage(member);
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  it('opens Request Puzzle and Contact Owner from a browse card', async () => {
    const page = await open('/browse-puzzles');
    await page.getByRole('button', { name: `Request ${TITLE}` }).click();
    const request = page.getByRole('dialog', { name: 'Request Puzzle' });
    await request.waitFor();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await request.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Contact Owner of ${TITLE}` }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Owner' });
    await contact.waitFor();
    expect(await contact.getByLabel(/Subject/).inputValue()).toBe(`Question about: ${TITLE}`);
    await page.close();
  });

  it('opens them from the puzzle page too, and the request is sent', async () => {
    const page = await open(`/puzzle/${listingId}`);
    await page.getByRole('button', { name: 'Contact Owner' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Owner' });
    await contact.waitFor();
    await contact.getByRole('button', { name: 'Cancel' }).click();
    await contact.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Request Puzzle' }).click();
    const request = page.getByRole('dialog', { name: 'Request Puzzle' });
    await request.waitFor();
    await request.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Trade Request Sent!').first().waitFor();
    await page.close();
  });
});
